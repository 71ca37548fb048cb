import type { Kysely } from 'kysely';

/**
 * The `campaign.started` / `campaign.ended` webhooks (issue 28, decision 323): a row per campaign and
 * notice, inserted by the instance that sends it (its primary key is the claim), so each is sent once
 * across instances.
 */
export function campaignNotices() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('campaign_notices')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('campaign_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('campaign_notices_pk', ['project_id', 'campaign_id', 'kind'])
        .execute();
    },
  };
}
