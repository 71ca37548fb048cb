import type { Referral } from './referrals.schemas.js';
import type { ReferralsTable } from './referrals.tables.js';

/** A stored referral as the admin API shows it. */
export function referralView(r: ReferralsTable): Referral {
  return {
    id: r.id,
    referrerId: r.referrer_id,
    refereeId: r.referee_id,
    status: r.status,
    joinedAt: Number(r.joined_at),
    qualifiedAt: r.qualified_at === null ? null : Number(r.qualified_at),
    refereePoints: Number(r.referee_points),
    referrerPoints: Number(r.referrer_points),
    referrerState: r.referrer_state,
    currency: r.currency,
  };
}

/** A stored row with its numbers as numbers (PostgreSQL answers bigint as text). */
export function numeric(r: ReferralsTable): ReferralsTable {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    ...r,
    joined_at: Number(r.joined_at),
    referee_since: Number(r.referee_since),
    qualified_at: n(r.qualified_at),
    referee_points: Number(r.referee_points),
    referrer_points: Number(r.referrer_points),
    referrer_paid_at: n(r.referrer_paid_at),
  };
}
