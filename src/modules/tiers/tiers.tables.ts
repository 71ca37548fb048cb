/** Tables of tiers and users' tier states (migration 0900_tiers_reversals). */
declare module '../../platform/db/schema.js' {
  interface DB {
    tiers: TiersTable;
    user_tiers: UserTiersTable;
  }
}

export interface TiersTable {
  project_id: string;
  tier_id: string;
  /** JSON language maps. */
  title: string;
  benefits: string;
  threshold: number;
  multiplier: number;
  created_at: number;
  updated_at: number;
}

/** A user's tier as last decided (tier-rules.ts: TierState); no row = no tier, nothing to check. */
export interface UserTiersTable {
  project_id: string;
  user_id: string;
  tier_id: string | null;
  since: number | null;
  checked_month: string;
  short_checks: number;
}
