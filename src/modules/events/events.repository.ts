import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database.js';
import type { SqliteStatements } from '../../platform/db/sqlite-statements.js';
import './events.tables.js';

export interface StoredEvent {
  projectId: string;
  eventId: string;
  userId: string;
  occurredAt: number;
  receivedAt: number;
  points: number;
  conditionReached: boolean;
  limitReached: boolean;
  metadata: Record<string, unknown>;
  userGroups: string[];
}

const TAKE_SLOT_SQL =
  'insert into event_limit_counters (project_id, user_id, event_id, period_key, count) values (?, ?, ?, ?, 1) ' +
  'on conflict (project_id, user_id, event_id, period_key) do update set count = event_limit_counters.count + 1 ' +
  'where event_limit_counters.count < ? returning count';
const INSERT_EVENT_SQL =
  'insert into events (project_id, event_id, user_id, occurred_at, received_at, points, condition_reached, limit_reached, metadata, user_groups) ' +
  'values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';

/**
 * SQL of the events module: stored events and completion-limit counters. Inside a SQLite
 * transaction the two hot statements run as prepared statements (same SQL as the Kysely form).
 */
export class EventsRepository {
  constructor(
    private readonly db: Queryable,
    private readonly sqlite: SqliteStatements | null,
  ) {}

  /**
   * Takes one completion of a limited event for the period: a conditional upsert that raises the
   * counter only while it is below `limit`. The database decides, so concurrent events (and other
   * instances) can never take more than `limit` slots. Returns whether a slot was taken.
   */
  async takeLimitSlot(trx: Queryable, key: { projectId: string; userId: string; eventId: string; periodKey: string }, limit: number): Promise<boolean> {
    if (limit <= 0) return false;
    if (this.sqlite?.usable(trx)) {
      return this.sqlite.statement(TAKE_SLOT_SQL).get(key.projectId, key.userId, key.eventId, key.periodKey, limit) !== undefined;
    }
    const row = await trx
      .insertInto('event_limit_counters')
      .values({ project_id: key.projectId, user_id: key.userId, event_id: key.eventId, period_key: key.periodKey, count: 1 })
      .onConflict((oc) =>
        oc
          .columns(['project_id', 'user_id', 'event_id', 'period_key'])
          .doUpdateSet({ count: sql<number>`event_limit_counters.count + 1` })
          .where('event_limit_counters.count', '<', limit),
      )
      .returning('count')
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertEvent(trx: Queryable, e: StoredEvent): Promise<void> {
    if (this.sqlite?.usable(trx)) {
      this.sqlite
        .statement(INSERT_EVENT_SQL)
        .run(e.projectId, e.eventId, e.userId, e.occurredAt, e.receivedAt, e.points, e.conditionReached ? 1 : 0, e.limitReached ? 1 : 0, JSON.stringify(e.metadata), JSON.stringify(e.userGroups));
      return;
    }
    await trx
      .insertInto('events')
      .values({
        project_id: e.projectId,
        event_id: e.eventId,
        user_id: e.userId,
        occurred_at: e.occurredAt,
        received_at: e.receivedAt,
        points: e.points,
        condition_reached: e.conditionReached ? 1 : 0,
        limit_reached: e.limitReached ? 1 : 0,
        metadata: JSON.stringify(e.metadata),
        user_groups: JSON.stringify(e.userGroups),
      })
      .execute();
  }

  /** Deletes up to `limit` stored events of the user, then its limit counters; returns rows deleted. */
  async deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    const ids = this.db.selectFrom('events').select('row_id').where('project_id', '=', projectId).where('user_id', '=', userId).limit(limit);
    const events = await this.db.deleteFrom('events').where('row_id', 'in', ids).executeTakeFirst();
    const deleted = Number(events.numDeletedRows);
    if (deleted >= limit) return deleted;
    const counters = await this.db.deleteFrom('event_limit_counters').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
    return deleted + Number(counters.numDeletedRows);
  }

  /** Number of stored events of a user (tests and checks). */
  async countForUser(projectId: string, userId: string, eventId?: string): Promise<number> {
    let q = this.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).where('project_id', '=', projectId).where('user_id', '=', userId);
    if (eventId) q = q.where('event_id', '=', eventId);
    const row = await q.executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
