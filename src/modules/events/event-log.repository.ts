import type { Queryable } from '../../platform/db/database.js';
import { RowsInsert } from '../../write-path/rows.js';
import type { EventLogTable } from './event-log.tables.js';
import './event-log.tables.js';

/** SQL of the event log: the write path's multi-row insert, the rejections' insert, the paged read and the clean-up. */

export type EventLogRow = Omit<EventLogTable, 'row_id'>;
export type StoredEventLogRow = EventLogRow & { row_id: number };

/** The log entries of a write batch's events: one statement per batch (decision 120). */
export const insertEventLog = new RowsInsert({
  description: 'event log',
  table: 'event_log',
  columns: {
    project_id: 'text',
    at: 'int8',
    user_id: 'text',
    event_id: 'text',
    outcome: 'text',
    reason: 'text',
    points: 'int8',
    metadata: 'text',
    status: 'int4',
    code: 'text',
  },
});

export interface EventLogFilter {
  userId?: string;
  eventId?: string;
  outcome?: string;
  /** Inclusive, ms. */
  from?: number;
  /** Exclusive, ms. */
  to?: number;
  /** The last entry of the previous page. */
  before?: { at: number; rowId: number };
  limit: number;
}

export class EventLogRepository {
  constructor(private readonly db: Queryable) {}

  /** Appends rejected calls (one statement for all). */
  async insert(rows: readonly EventLogRow[]): Promise<void> {
    if (rows.length > 0)
      await this.db
        .insertInto('event_log')
        .values([...rows])
        .execute();
  }

  /** A project's entries, newest first. */
  page(projectId: string, f: EventLogFilter): Promise<StoredEventLogRow[]> {
    let q = this.db.selectFrom('event_log').selectAll().where('project_id', '=', projectId);
    if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
    if (f.eventId !== undefined) q = q.where('event_id', '=', f.eventId);
    if (f.outcome !== undefined) q = q.where('outcome', '=', f.outcome);
    if (f.from !== undefined) q = q.where('at', '>=', f.from);
    if (f.to !== undefined) q = q.where('at', '<', f.to);
    const before = f.before;
    if (before) q = q.where((eb) => eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('row_id', '<', before.rowId)])]));
    return q.orderBy('at', 'desc').orderBy('row_id', 'desc').limit(f.limit).execute() as Promise<StoredEventLogRow[]>;
  }

  /** Deletes up to `limit` entries of a user (user deletion); returns rows deleted. */
  async deleteUser(projectId: string, userId: string, limit: number): Promise<number> {
    const ids = this.db
      .selectFrom('event_log')
      .select('row_id')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .limit(limit);
    const r = await this.db.deleteFrom('event_log').where('row_id', 'in', ids).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Deletes entries received before `before` (every project). */
  async deleteBefore(before: number): Promise<number> {
    const r = await this.db.deleteFrom('event_log').where('at', '<', before).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Projects with more than `max` entries. */
  async projectsOver(max: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('event_log')
      .select('project_id')
      .groupBy('project_id')
      .having((eb) => eb.fn.countAll(), '>', max)
      .execute();
    return rows.map((r) => r.project_id);
  }

  /** Keeps a project's newest `max` entries, deleting the older ones. */
  async keepNewest(projectId: string, max: number): Promise<number> {
    const edge = await this.db
      .selectFrom('event_log')
      .select(['at', 'row_id'])
      .where('project_id', '=', projectId)
      .orderBy('at', 'desc')
      .orderBy('row_id', 'desc')
      .offset(max)
      .limit(1)
      .executeTakeFirst();
    if (!edge) return 0;
    const at = Number(edge.at);
    const rowId = Number(edge.row_id);
    const r = await this.db
      .deleteFrom('event_log')
      .where('project_id', '=', projectId)
      .where((eb) => eb.or([eb('at', '<', at), eb.and([eb('at', '=', at), eb('row_id', '<=', rowId)])]))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
