import type { Kysely } from 'kysely';

/**
 * Referrals (decision 310): a project's programme (one row, its settings as JSON), each user's code
 * (created on first read, unique per project) and one row per referral — the link between a
 * referrer and a referee, its status and what it paid. A deleted user's side of a link is set to
 * null (and the fingerprint removed); the row stays, so the other side's counts stay.
 */
export function referrals() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('referral_programmes')
        .addColumn('project_id', 'text', (c) => c.primaryKey())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('referral_codes')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('referral_codes_pk', ['project_id', 'user_id'])
        .addUniqueConstraint('referral_codes_code', ['project_id', 'code'])
        .execute();
      await db.schema
        .createTable('referrals')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('referrer_id', 'text')
        .addColumn('referee_id', 'text')
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('joined_at', 'bigint', (c) => c.notNull())
        .addColumn('referee_since', 'bigint', (c) => c.notNull())
        .addColumn('qualified_at', 'bigint')
        .addColumn('referee_points', 'bigint', (c) => c.notNull())
        .addColumn('referrer_points', 'bigint', (c) => c.notNull())
        .addColumn('referrer_state', 'text', (c) => c.notNull())
        .addColumn('referrer_paid_at', 'bigint')
        .addColumn('currency', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('referrals_pk', ['project_id', 'id'])
        .addUniqueConstraint('referrals_referee', ['project_id', 'referee_id'])
        .execute();
      await db.schema.createIndex('referrals_referrer').on('referrals').columns(['project_id', 'referrer_id']).execute();
      await db.schema.createIndex('referrals_status').on('referrals').columns(['project_id', 'status', 'joined_at']).execute();
    },
  };
}
