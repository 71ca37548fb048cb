import type { Kysely } from 'kysely';

/**
 * Campaigns that pay on some days of the week only (decision 327): a bit per day of the user's
 * calendar (bit 0 Sunday … bit 6 Saturday); null, as every existing campaign has, pays every day.
 */
export function campaignDays() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('campaigns').addColumn('days', 'integer').execute();
    },
  };
}
