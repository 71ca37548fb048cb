import type { Queryable } from '../../platform/db/database.js';
import { KeyedSelect, RowsInsert, RowsUpsert } from '../../write-path/rows.js';
import type { EventDefinitionsTable } from './events.tables.js';
import './events.tables.js';

/**
 * SQL of the events module: stored events and completion-limit counters. The write path's
 * statements (set-based, one per table and batch) are below; the rest are plain Kysely queries.
 */

/** The completion counters of (user, event, period) keys. */
export const limitCounters = new KeyedSelect({
  description: 'completion-limit counters',
  table: 'event_limit_counters',
  keys: { project_id: 'text', user_id: 'text', event_id: 'text', period_key: 'text' },
  select: ['project_id', 'user_id', 'event_id', 'period_key', 'count'],
});

/** The counters a batch took completions of, with their counts as decided (the user's row lock covers them). */
export const writeLimitCounts = new RowsUpsert({
  description: 'completion-limit counters',
  table: 'event_limit_counters',
  keys: { project_id: 'text', user_id: 'text', event_id: 'text', period_key: 'text' },
  columns: { count: 'int4' },
});

/** Every received event with its metadata (analytics and the deletion job read them). */
export const insertEvents = new RowsInsert({
  description: 'stored events',
  table: 'events',
  columns: {
    project_id: 'text',
    event_id: 'text',
    user_id: 'text',
    occurred_at: 'int8',
    received_at: 'int8',
    points: 'int8',
    condition_reached: 'int4',
    limit_reached: 'int4',
    metadata: 'text',
    user_groups: 'text',
  },
});

export class EventsRepository {
  constructor(private readonly db: Queryable) {}

  /** The stored events of one definition of the given users, oldest first (an achievement's backfill). */
  storedOf(projectId: string, eventId: string, userIds: readonly string[]) {
    return this.db
      .selectFrom('events')
      .select(['user_id', 'occurred_at', 'metadata', 'condition_reached', 'limit_reached'])
      .where('project_id', '=', projectId)
      .where('event_id', '=', eventId)
      .where('user_id', 'in', [...userIds])
      .orderBy('occurred_at')
      .orderBy('row_id')
      .execute();
  }

  /** Deletes up to `limit` stored events of the user, then its limit counters; returns rows deleted. */
  async deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    const ids = this.db
      .selectFrom('events')
      .select('row_id')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .limit(limit);
    const events = await this.db.deleteFrom('events').where('row_id', 'in', ids).executeTakeFirst();
    const deleted = Number(events.numDeletedRows);
    if (deleted >= limit) return deleted;
    const counters = await this.db
      .deleteFrom('event_limit_counters')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return deleted + Number(counters.numDeletedRows);
  }

  /** The user groups a stored event counted for (its boards), by user, eventId and time; [] when not found. */
  async userGroupsAt(projectId: string, userId: string, eventId: string, occurredAt: number): Promise<string[]> {
    const row = await this.db
      .selectFrom('events')
      .select('user_groups')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('event_id', '=', eventId)
      .where('occurred_at', '=', occurredAt)
      .orderBy('row_id')
      .executeTakeFirst();
    return row ? (JSON.parse(row.user_groups) as string[]) : [];
  }

  /** Number of stored events of a user (tests and checks). */
  async countForUser(projectId: string, userId: string, eventId?: string): Promise<number> {
    let q = this.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId);
    if (eventId) q = q.where('event_id', '=', eventId);
    const row = await q.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * A page of the project's events that earned their reward (conditions held, within the limit) with
   * occurredAt in [from, to), in (occurred_at, row_id) order after the keyset cursor (a campaign's
   * simulation and backfill): never more than `limit` rows at once.
   */
  qualifyingPage(projectId: string, q: StoredPageQuery) {
    const after = q.after;
    // One lower bound on occurred_at (the cursor's, once past `from`), so the index seeks to the page.
    let query = this.db
      .selectFrom('events')
      .select(['row_id', 'event_id', 'user_id', 'occurred_at', 'points', 'metadata', 'user_groups'])
      .where('project_id', '=', projectId)
      .where('occurred_at', '>=', after === null ? q.from : Math.max(q.from, after.at))
      .where('occurred_at', '<', q.to)
      .where('condition_reached', '=', 1)
      .where('limit_reached', '=', 0);
    if (q.eventIds !== null) query = query.where('event_id', 'in', [...q.eventIds]);
    if (after !== null) query = query.where((eb) => eb(eb.refTuple('occurred_at', 'row_id'), '>', eb.tuple(after.at, after.row)));
    return query.orderBy('occurred_at').orderBy('row_id').limit(q.limit).execute();
  }
}

/** What a page of stored events asks for (EventsRepository.qualifyingPage). */
export interface StoredPageQuery {
  from: number;
  to: number;
  /** null: every event id. */
  eventIds: readonly string[] | null;
  /** The last (occurredAt, row id) of the page before; null: from the start. */
  after: { at: number; row: number } | null;
  limit: number;
}

/** The fields of an event definition an update writes. */
export type EventDefinitionChanges = Pick<EventDefinitionsTable, 'status' | 'definition' | 'updated_at'>;

/** SQL of the event definitions (event-definitions.service.ts). */
export class EventDefinitionsRepository {
  /** The project's definitions, oldest first. */
  list(db: Queryable, projectId: string) {
    return db
      .selectFrom('event_definitions')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .orderBy('event_id')
      .execute();
  }

  /** Inserts a definition unless its id is taken. */
  insert(db: Queryable, row: EventDefinitionsTable) {
    return db
      .insertInto('event_definitions')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'event_id']).doNothing())
      .executeTakeFirst();
  }

  /** Resolves to the definition's creation time, or undefined when there is none. */
  update(db: Queryable, projectId: string, eventId: string, changes: EventDefinitionChanges) {
    return db
      .updateTable('event_definitions')
      .set(changes)
      .where('project_id', '=', projectId)
      .where('event_id', '=', eventId)
      .returning('created_at')
      .executeTakeFirst();
  }

  delete(db: Queryable, projectId: string, eventId: string) {
    return db.deleteFrom('event_definitions').where('project_id', '=', projectId).where('event_id', '=', eventId).executeTakeFirst();
  }
}
