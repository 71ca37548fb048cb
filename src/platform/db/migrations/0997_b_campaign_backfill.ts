import type { Kysely } from 'kysely';

/**
 * The backfill of a campaign (issue 28, decision 322): one row per stored event a backfill paid,
 * keyed by the event's row id, so each event is paid at most once per campaign whatever the
 * retries or a second backfill of an overlapping period.
 */
export function campaignBackfill() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('campaign_backfill_paid')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('campaign_id', 'text', (c) => c.notNull())
        .addColumn('event_row', 'bigint', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('campaign_backfill_paid_pk', ['project_id', 'campaign_id', 'event_row'])
        .execute();
    },
  };
}
