/** The coupons table (migration 0400_offers_surveys). */
declare module '../../platform/db/schema.js' {
  interface DB {
    coupons: CouponsTable;
  }
}

export interface CouponsTable {
  project_id: string;
  /** Unique in the project; the coupon's SK is COUPON#<coupon_key>. */
  coupon_key: string;
  user_id: string;
  title: string;
  description: string;
  valid_until: number;
  /** 0/1 */
  redeemed: number;
  redeemed_at: number | null;
  /** JSON object. */
  metadata: string;
  /** The offer a redemption issued it for; null for coupons issued by the operator. */
  offer_id: string | null;
  created_at: number;
}
