import { sql, type Kysely } from 'kysely';

/**
 * The count of each project's live users, in shards (decision 287), filled from the users table:
 * one row (shard 0) per project that has live users.
 */
export function userCounts() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('user_counts')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('shard', 'integer', (c) => c.notNull())
        .addColumn('users', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_counts_pk', ['project_id', 'shard'])
        .execute();
      await sql`insert into user_counts (project_id, shard, users)
        select project_id, 0, count(*) from users where deleted_at is null group by project_id`.execute(db);
    },
  };
}
