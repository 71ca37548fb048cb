/**
 * Why a user cannot redeem an offer, decided from one consistent reading of the offer, its
 * counters and the balance. Offer state first (status and its shop's, validity), then the user's
 * tier, then the limits (total, month, user), then (a STREAK_FREEZE offer) the user's bank of
 * freezes, then the points. A pure function: the redeem step re-checks each limit and the balance
 * with conditional writes, so a stale reading can never let a redemption through.
 */
export type RedeemRefusal =
  | 'INSUFFICIENT_POINTS'
  | 'OFFER_INACTIVE'
  | 'OFFER_EXPIRED'
  | 'MONTHLY_LIMIT_REACHED'
  | 'TOTAL_LIMIT_REACHED'
  | 'USER_LIMIT_REACHED'
  | 'TIER_REQUIRED'
  | 'FREEZE_BANK_FULL'
  | 'STREAK_UNAVAILABLE';

/** Why a STREAK_FREEZE offer cannot bank a freeze for the user (streaks module), null when it can. */
export type FreezeBankRefusal = 'FREEZE_BANK_FULL' | 'STREAK_UNAVAILABLE' | null;

export interface RedeemState {
  now: number;
  status: string;
  /** The offer names no shop, or its shop is ACTIVE (an INACTIVE shop's offers are not offered). */
  shopActive: boolean;
  validFrom: number | null;
  validUntil: number | null;
  totalLimit: number | null;
  redeemedTotal: number;
  monthlyLimit: number | null;
  redeemedThisMonth: number;
  perUserLimit: number | null;
  redeemedByUser: number;
  /** The tiers the offer is limited to (null: everyone) and the user's tier (null: none). */
  tiers: readonly string[] | null;
  userTier: string | null;
  cost: number;
  /** Units redeemed at once (default 1): every limit counts units, the cost is per unit (decision 198). */
  quantity?: number;
  balance: number;
  /** For a STREAK_FREEZE offer: whether the user's bank can take one more freeze. */
  freezeBank?: FreezeBankRefusal;
}

export function redeemRefusal(s: RedeemState): RedeemRefusal | null {
  const q = s.quantity ?? 1;
  if (s.status !== 'ACTIVE' || !s.shopActive) return 'OFFER_INACTIVE';
  if (s.validFrom !== null && s.now < s.validFrom) return 'OFFER_INACTIVE';
  if (s.validUntil !== null && s.now >= s.validUntil) return 'OFFER_EXPIRED';
  if (s.tiers !== null && (s.userTier === null || !s.tiers.includes(s.userTier))) return 'TIER_REQUIRED';
  if (s.totalLimit !== null && s.redeemedTotal + q > s.totalLimit) return 'TOTAL_LIMIT_REACHED';
  if (s.monthlyLimit !== null && s.redeemedThisMonth + q > s.monthlyLimit) return 'MONTHLY_LIMIT_REACHED';
  if (s.perUserLimit !== null && s.redeemedByUser + q > s.perUserLimit) return 'USER_LIMIT_REACHED';
  if (s.freezeBank) return s.freezeBank;
  if (s.balance < s.cost * q) return 'INSUFFICIENT_POINTS';
  return null;
}

export const REFUSAL_MESSAGES: Record<RedeemRefusal, string> = {
  INSUFFICIENT_POINTS: 'Not enough points to redeem this offer',
  OFFER_INACTIVE: 'The offer is not active',
  OFFER_EXPIRED: 'The offer has expired',
  MONTHLY_LIMIT_REACHED: 'The monthly limit of this offer is reached',
  TOTAL_LIMIT_REACHED: 'The total limit of this offer is reached',
  USER_LIMIT_REACHED: 'You have reached the limit of redemptions of this offer',
  TIER_REQUIRED: 'This offer is for members of other tiers',
  FREEZE_BANK_FULL: 'Your bank of freezes for this streak is full; use one before buying another',
  STREAK_UNAVAILABLE: 'The streak of this freeze offer is not active or has no freezes',
};
