import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * The batched write path (decision 070): the streak aggregates that every batch of a streak's
 * events updates get a `shard` in their key, so concurrent batches (of several instances) write
 * different rows; readers sum (and max) over the shards. The existing totals become shard 0.
 */
export function writePath(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('streak_stats').renameTo('streak_stats_unsharded').execute();
      await db.schema
        .createTable('streak_stats')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('streak_id', 'text', (c) => c.notNull())
        .addColumn('shard', 'integer', (c) => c.notNull())
        .addColumn('participants', 'integer', (c) => c.notNull())
        .addColumn('longest_streak', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('streak_stats_shard_pk', ['project_id', 'streak_id', 'shard'])
        .execute();
      await sql`insert into streak_stats (project_id, streak_id, shard, participants, longest_streak)
        select project_id, streak_id, 0, participants, longest_streak from streak_stats_unsharded`.execute(db);
      await db.schema.dropTable('streak_stats_unsharded').execute();

      await db.schema.alterTable('streak_period_stats').renameTo('streak_period_stats_unsharded').execute();
      await db.schema
        .createTable('streak_period_stats')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('streak_id', 'text', (c) => c.notNull())
        .addColumn('period', 'integer', (c) => c.notNull())
        .addColumn('shard', 'integer', (c) => c.notNull())
        .addColumn('users', 'integer', (c) => c.notNull())
        .addColumn('count_sum', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('streak_period_stats_shard_pk', ['project_id', 'streak_id', 'period', 'shard'])
        .execute();
      await sql`insert into streak_period_stats (project_id, streak_id, period, shard, users, count_sum)
        select project_id, streak_id, period, 0, users, count_sum from streak_period_stats_unsharded`.execute(db);
      await db.schema.dropTable('streak_period_stats_unsharded').execute();
    },
  };
}
