import type { Kysely } from 'kysely';

/**
 * Loyalty economics (docs/loyalty-economics.md): the tiers of a project and each user's tier
 * state, the project's tier window and grace, the tiers an offer is limited to, and the reversals
 * of ledger entries (one per entry: the primary key makes a second reversal impossible).
 */
export function tiersReversals() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('tiers')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('tier_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('benefits', 'text', (c) => c.notNull())
        .addColumn('threshold', 'bigint', (c) => c.notNull())
        .addColumn('multiplier', 'double precision', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('tiers_pk', ['project_id', 'tier_id'])
        .execute();
      await db.schema
        .createTable('user_tiers')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('tier_id', 'text')
        .addColumn('since', 'bigint')
        .addColumn('checked_month', 'text', (c) => c.notNull())
        .addColumn('short_checks', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_tiers_pk', ['project_id', 'user_id'])
        .execute();
      await db.schema
        .alterTable('projects')
        .addColumn('tier_window_months', 'integer', (c) => c.notNull().defaultTo(12))
        .execute();
      await db.schema
        .alterTable('projects')
        .addColumn('tier_grace_months', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('offers').addColumn('tiers', 'text').execute();
      await db.schema
        .createTable('reversals')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('entry_id', 'bigint', (c) => c.notNull())
        .addColumn('reversal_id', 'text', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('unrecovered', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('reversals_pk', ['project_id', 'user_id', 'entry_id'])
        .execute();
    },
  };
}
