import type { Kysely } from 'kysely';

/**
 * Exact SUM progress, API key scopes, how far back end users may date events, and the record of
 * closed months (decisions 190–197):
 * - `challenge_progress.progress_exact`: the decimal sum as text (null on rows written before it:
 *   `progress` is read then);
 * - `api_keys.scopes`: JSON array of scopes, null for every scope (keys made before scopes existed);
 * - `projects.user_event_max_age_hours`: null for the default (72);
 * - `leaderboard_month_closes`: a month closed for a project (`*`: the automatic close of every project).
 */
export function sectionTen() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('challenge_progress').addColumn('progress_exact', 'text').execute();
      await db.schema.alterTable('api_keys').addColumn('scopes', 'text').execute();
      await db.schema.alterTable('projects').addColumn('user_event_max_age_hours', 'integer').execute();
      await db.schema
        .createTable('leaderboard_month_closes')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('closed_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('leaderboard_month_closes_pk', ['project_id', 'month'])
        .execute();
      // A closed month's personalized view finds the user in the archive.
      await db.schema
        .createIndex('leaderboard_archive_user')
        .on('leaderboard_archive')
        .columns(['project_id', 'group_id', 'month', 'user_id'])
        .execute();
    },
  };
}
