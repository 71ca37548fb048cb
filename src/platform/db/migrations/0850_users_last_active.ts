import { sql, type Kysely } from 'kysely';

/**
 * The users list (GET /admin/user): when each user was last active, kept by the write path with the
 * balance (decision 121), filled for existing users from their ledger (every entry but an admin
 * adjustment). Only `created_at` is indexed: it never changes, while an index on points or on the
 * last activity would be rewritten by every event.
 */
export function usersLastActive() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').addColumn('last_active_at', 'bigint').execute();
      await sql`update users set last_active_at = (
        select max(l.created_at) from ledger l
        where l.project_id = users.project_id and l.user_id = users.user_id and l.type <> 'ADJUSTMENT')`.execute(db);
      await db.schema.createIndex('users_created').on('users').columns(['project_id', 'created_at']).execute();
    },
  };
}
