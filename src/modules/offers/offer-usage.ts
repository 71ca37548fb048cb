import type { CouponUsageCounter } from '../coupons/index.js';
import { countCouponUse } from './offers.repository.js';

/** What the coupons module tells offers: a coupon issued for an offer was used (its `used` counter). */
export const offerUsageCounter: CouponUsageCounter = {
  async couponUsed(trx, projectId, offerId) {
    await countCouponUse(trx, projectId, offerId).execute();
  },
};
