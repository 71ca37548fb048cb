/** Tables of a campaign's backfill and notices (migrations 0997_b_campaign_backfill, 0997_b_campaign_notices; decisions 322–323). */
declare module '../../platform/db/schema.js' {
  interface DB {
    campaign_backfill_paid: CampaignBackfillPaidTable;
    campaign_notices: CampaignNoticesTable;
  }
}

/** A stored event a backfill of the campaign paid (events.row_id): the key that pays it at most once. */
export interface CampaignBackfillPaidTable {
  project_id: string;
  campaign_id: string;
  event_row: number;
  points: number;
  paid_at: number;
}

/** A `campaign.started` or `campaign.ended` sent (kind `started` | `ended`): the row is the claim. */
export interface CampaignNoticesTable {
  project_id: string;
  campaign_id: string;
  kind: string;
  sent_at: number;
}
