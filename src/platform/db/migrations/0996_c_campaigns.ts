import type { Kysely } from 'kysely';

/**
 * Campaigns (issue 28, decisions 316–317): time-boxed promotions paid at event time. A campaign's
 * total spend has a row of its own that batches lock (so its budget holds across instances); what
 * it paid each user is kept per user for a per-user budget.
 */
export function campaigns() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('campaigns')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('campaign_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('start_at', 'bigint', (c) => c.notNull())
        .addColumn('end_at', 'bigint', (c) => c.notNull())
        .addColumn('segment_id', 'text')
        .addColumn('event_ids', 'text')
        .addColumn('conditions', 'text')
        .addColumn('effect', 'text', (c) => c.notNull())
        .addColumn('budget_total', 'bigint')
        .addColumn('budget_per_user', 'bigint')
        .addColumn('priority', 'integer', (c) => c.notNull())
        .addColumn('stacking', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('campaigns_pk', ['project_id', 'campaign_id'])
        .execute();
      await db.schema
        .createTable('campaign_spend')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('campaign_id', 'text', (c) => c.notNull())
        .addColumn('spent', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('campaign_spend_pk', ['project_id', 'campaign_id'])
        .execute();
      await db.schema
        .createTable('campaign_user_spend')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('campaign_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('spent', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('campaign_user_spend_pk', ['project_id', 'campaign_id', 'user_id'])
        .execute();
      // The user-deletion job removes a user's rows of every campaign.
      await db.schema.createIndex('campaign_user_spend_user').on('campaign_user_spend').columns(['project_id', 'user_id']).execute();
    },
  };
}
