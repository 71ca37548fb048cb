import type { Kysely } from 'kysely';

/** Seasons (decision 162): band rewards per group, the archive of closed monthly boards, and the payouts made. */
export function seasons() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('season_rewards')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('season_reward_id', 'text', (c) => c.notNull())
        .addColumn('group_id', 'text', (c) => c.notNull())
        .addColumn('bands', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('season_rewards_pk', ['project_id', 'season_reward_id'])
        .execute();
      await db.schema
        .createTable('leaderboard_archive')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('group_id', 'text', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('rank', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('archived_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('leaderboard_archive_pk', ['project_id', 'group_id', 'month', 'rank'])
        .execute();
      await db.schema
        .createTable('season_payouts')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('group_id', 'text', (c) => c.notNull())
        .addColumn('season_reward_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('rank', 'integer', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('season_payouts_pk', ['project_id', 'month', 'group_id', 'season_reward_id', 'user_id'])
        .execute();
    },
  };
}
