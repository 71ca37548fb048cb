import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * The event log (docs/events.md, Event log): one row per POST /event call or bulk item — the
 * outcome of an accepted event, or the refusal of a rejected one — kept for EVENT_LOG_DAYS. Rows
 * are only appended and pruned, so the id is a plain rowid on SQLite (no AUTOINCREMENT bookkeeping
 * on the hot path). The two indexes serve the log's two reads: a project's newest entries, and a user's.
 */
export function eventLog(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('event_log')
        .addColumn('row_id', dialect === 'sqlite' ? 'integer' : 'bigserial', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('event_id', 'text')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('metadata', 'text')
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('code', 'text')
        .execute();
      await db.schema.createIndex('event_log_time').on('event_log').columns(['project_id', 'at']).execute();
      await db.schema.createIndex('event_log_user').on('event_log').columns(['project_id', 'user_id', 'at']).execute();
    },
  };
}
