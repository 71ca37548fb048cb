import { sql, type Kysely } from 'kysely';

/**
 * When each user last got points (decision 347): the time of the user's latest ledger entry that moved
 * a balance, kept by the write path with the balance, so the notifications overview reads one row
 * instead of the user's whole ledger. Filled for existing users from their ledger, as the overview
 * worked it out until now.
 */
export function usersRewardsAt() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').addColumn('rewards_at', 'bigint').execute();
      await sql`update users set rewards_at = (
        select max(case when l.available_at > l.created_at then l.available_at else l.created_at end) from ledger l
        where l.project_id = users.project_id and l.user_id = users.user_id and l.points <> 0)`.execute(db);
    },
  };
}
