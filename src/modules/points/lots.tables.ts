/** Lots and expiry notices (migration 0960_a_expiry; docs/loyalty-economics.md). */
declare module '../../platform/db/schema.js' {
  interface DB {
    point_lots: PointLotsTable;
    expiry_notices: ExpiryNoticesTable;
  }
}

/** A user's spendable points by the UTC day they entered the balance (`''`: undated). Rows of 0 are deleted. */
export interface PointLotsTable {
  project_id: string;
  user_id: string;
  earned_on: string;
  remaining: number;
}

/** `points.expiring` sent for a user and an expiry day (once each). */
export interface ExpiryNoticesTable {
  project_id: string;
  user_id: string;
  expires_on: string;
  points: number;
  created_at: number;
}
