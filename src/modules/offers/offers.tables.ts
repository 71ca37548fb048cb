/** Tables of shops, offers and redemptions (migration 0400_offers_surveys). */
declare module '../../platform/db/schema.js' {
  interface DB {
    shops: ShopsTable;
    offers: OffersTable;
    offer_month_counts: OfferMonthCountsTable;
    offer_user_counts: OfferUserCountsTable;
    redemptions: RedemptionsTable;
  }
}

export interface ShopsTable {
  project_id: string;
  shop_id: string;
  name: string;
  status: string;
  logo: string | null;
  image: string | null;
  /** JSON language map. */
  description: string;
  created_at: number;
  updated_at: number;
}

export interface OffersTable {
  project_id: string;
  offer_id: string;
  type: string;
  /** Cost in points (in `currency`). */
  points: number;
  /** The currency of the price (migration 0995_d; decision 302). */
  currency?: string;
  /** JSON language maps. */
  title: string;
  description: string;
  category: string | null;
  shop_id: string | null;
  image: string | null;
  monthly_limit: number | null;
  total_limit: number | null;
  per_user_limit: number | null;
  /** JSON array of the tierIds the offer is limited to; null: everyone (migration 0900). */
  tiers: string | null;
  /** The streak a STREAK_FREEZE offer banks a freeze on; null for other offers (migration 0960_c). */
  streak_id?: string | null;
  valid_from: number | null;
  valid_until: number | null;
  status: string;
  coupon_validity_days: number;
  /** Counter: redemptions of all time (totalLimit is checked against it). */
  redeemed_total: number;
  /** Counter: coupons of this offer that their users have redeemed (used). */
  used_total: number;
  created_at: number;
  updated_at: number;
}

/** Redemptions of an offer per calendar month (UTC): the monthlyLimit counter. */
export interface OfferMonthCountsTable {
  project_id: string;
  offer_id: string;
  /** YYYY-MM */
  month: string;
  redeemed: number;
}

/** Redemptions of an offer per user: the perUserLimit counter (user data). */
export interface OfferUserCountsTable {
  project_id: string;
  offer_id: string;
  user_id: string;
  redeemed: number;
}

export interface RedemptionsTable {
  project_id: string;
  redemption_id: string;
  user_id: string;
  offer_id: string;
  points: number;
  /** The coupon issued; '' for a STREAK_FREEZE offer, which issues none. */
  coupon_key: string;
  /** JSON object from the redeem body, or null. */
  metadata: string | null;
  created_at: number;
}
