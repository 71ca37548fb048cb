import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/** Leaderboard aggregates: daily and monthly buckets, rolling-window totals, the roll-over day. */
export function leaderboards(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('leaderboard_daily')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('group_id', 'text', (c) => c.notNull())
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('reached_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('leaderboard_daily_pk', ['project_id', 'group_id', 'day', 'user_id'])
        .execute();
      await db.schema.createIndex('leaderboard_daily_day').on('leaderboard_daily').columns(['project_id', 'day']).execute();
      await db.schema.createIndex('leaderboard_daily_user').on('leaderboard_daily').columns(['project_id', 'user_id']).execute();

      await db.schema
        .createTable('leaderboard_monthly')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('group_id', 'text', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('reached_at', 'bigint', (c) => c.notNull())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('leaderboard_monthly_pk', ['project_id', 'group_id', 'month', 'user_id'])
        .execute();
      await db.schema.createIndex('leaderboard_monthly_user').on('leaderboard_monthly').columns(['project_id', 'user_id']).execute();

      await db.schema
        .createTable('leaderboard_windows')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('group_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('p7', 'bigint', (c) => c.notNull())
        .addColumn('r7', 'bigint', (c) => c.notNull())
        .addColumn('p30', 'bigint', (c) => c.notNull())
        .addColumn('r30', 'bigint', (c) => c.notNull())
        .addColumn('p365', 'bigint', (c) => c.notNull())
        .addColumn('r365', 'bigint', (c) => c.notNull())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('leaderboard_windows_pk', ['project_id', 'group_id', 'user_id'])
        .execute();
      await db.schema.createIndex('leaderboard_windows_user').on('leaderboard_windows').columns(['project_id', 'user_id']).execute();

      await db.schema
        .createTable('leaderboard_rollover')
        .addColumn('project_id', 'text', (c) => c.primaryKey())
        .addColumn('day', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
