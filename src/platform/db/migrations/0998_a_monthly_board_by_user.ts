import type { Kysely } from 'kysely';

/**
 * A user's monthly board rows found by the user (decision 331): the index by (project_id, user_id)
 * becomes (project_id, user_id, group_id, month). Without it SQLite read a user's months since a date
 * (tiers' qualifying window) through the primary key, walking every user's rows of those months.
 */
export function monthlyBoardByUser() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('leaderboard_monthly_by_user')
        .on('leaderboard_monthly')
        .columns(['project_id', 'user_id', 'group_id', 'month'])
        .execute();
      await db.schema.dropIndex('leaderboard_monthly_user').execute();
    },
  };
}
