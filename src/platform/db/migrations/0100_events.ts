import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { withAutoId } from './columns.js';

/** Event definitions, the stored events (with metadata) and the completion-limit counters. */
export function events(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('event_definitions')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('definition', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('event_definitions_pk', ['project_id', 'event_id'])
        .execute();

      await withAutoId(db.schema.createTable('events'), dialect, 'row_id')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('occurred_at', 'bigint', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('condition_reached', 'integer', (c) => c.notNull())
        .addColumn('limit_reached', 'integer', (c) => c.notNull())
        .addColumn('metadata', 'text', (c) => c.notNull())
        .addColumn('user_groups', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('events_user').on('events').columns(['project_id', 'user_id']).execute();
      await db.schema.createIndex('events_time').on('events').columns(['project_id', 'occurred_at']).execute();

      await db.schema
        .createTable('event_limit_counters')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('period_key', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('event_limit_counters_pk', ['project_id', 'user_id', 'event_id', 'period_key'])
        .execute();
    },
  };
}
