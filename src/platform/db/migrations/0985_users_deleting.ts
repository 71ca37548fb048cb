import { sql, type Kysely } from 'kysely';

/**
 * The users whose deletion is under way, found without a scan (decision 268): a partial index holds
 * only the rows with `deleted_at` set, which are few and short-lived.
 */
export function usersDeleting() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('users_deleting')
        .on('users')
        .columns(['project_id', 'user_id'])
        .where(sql.ref('deleted_at'), 'is not', null)
        .execute();
    },
  };
}
