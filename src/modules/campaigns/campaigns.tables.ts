/** Tables of the campaigns module (migration 0996_c_campaigns; decisions 316–317). */
declare module '../../platform/db/schema.js' {
  interface DB {
    campaigns: CampaignsTable;
    campaign_spend: CampaignSpendTable;
    campaign_user_spend: CampaignUserSpendTable;
  }
}

export interface CampaignsTable {
  project_id: string;
  campaign_id: string;
  title: string;
  status: string;
  /** The window [start_at, end_at) of the events' timestamps, Unix ms. */
  start_at: number;
  end_at: number;
  /** The days of the week it pays on: a bit per day, bit 0 Sunday (campaign-rules.ts); null: every day (migration 0997_z_campaign_days). */
  days: number | null;
  segment_id: string | null;
  /** JSON array of eventIds; null: every event. */
  event_ids: string | null;
  /** JSON conditions on the event's metadata (as an event definition's); null: none. */
  conditions: string | null;
  /** JSON { multiplier?, bonus?, currency? }. */
  effect: string;
  budget_total: number | null;
  budget_per_user: number | null;
  priority: number;
  /** `stack` or `exclusive`. */
  stacking: string;
  created_at: number;
  updated_at: number;
}

/** What a campaign has paid in all: the row every batch paying it locks (its total budget is exact). */
export interface CampaignSpendTable {
  project_id: string;
  campaign_id: string;
  spent: number;
}

/** What a campaign has paid one user (its per-user budget); written under the user's lock. */
export interface CampaignUserSpendTable {
  project_id: string;
  campaign_id: string;
  user_id: string;
  spent: number;
}
