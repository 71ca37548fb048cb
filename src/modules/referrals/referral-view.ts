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
