import { sql, type Kysely } from 'kysely';

/**
 * The size of each archived board, kept beside it (decision 332): a page of the archive read its
 * total by counting the archived rows, up to a million, on every request. Filled from the archives a
 * store already holds.
 */
export function archiveTotals() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('leaderboard_archive_totals')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('group_id', 'text', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('total', 'bigint', (c) => c.notNull())
        .addColumn('archived_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('leaderboard_archive_totals_pk', ['project_id', 'group_id', 'month'])
        .execute();
      await sql`insert into leaderboard_archive_totals (project_id, group_id, month, total, archived_at)
        select project_id, group_id, month, count(*), max(archived_at) from leaderboard_archive
        group by project_id, group_id, month`.execute(db);
    },
  };
}
