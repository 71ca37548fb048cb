import { sql } from 'kysely';
import { KeyedSelect, KeyedUpdate, RowsInsert } from '../../write-path/rows.js';

/** The write path's statements of redemption-batch.ts (one SQL source for both stores, decision 070). */

/** The offers of the batch, locked in key order: every redemption of an offer in any batch waits for them. */
export const lockOffers = new KeyedSelect({
  description: 'lock the redeemed offers',
  table: 'offers',
  keys: { project_id: 'text', offer_id: 'text' },
  lock: 'update',
});

/** The status of the shops the batch's offers name (an INACTIVE shop's offers are not redeemable). */
export const shopStatus = new KeyedSelect({
  description: 'shops of the redeemed offers',
  table: 'shops',
  keys: { project_id: 'text', shop_id: 'text' },
  select: ['project_id', 'shop_id', 'status'],
});

export const monthCounts = new KeyedSelect({
  description: 'offer redemptions per month',
  table: 'offer_month_counts',
  keys: { project_id: 'text', offer_id: 'text', month: 'text' },
});

export const userCounts = new KeyedSelect({
  description: 'offer redemptions per user',
  table: 'offer_user_counts',
  keys: { project_id: 'text', offer_id: 'text', user_id: 'text' },
});

export const setRedeemedTotals = new KeyedUpdate({
  description: 'offer redemption totals',
  table: 'offers',
  keys: { project_id: 'text', offer_id: 'text' },
  set: { redeemed_total: 'int8' },
});

export const addMonthCounts = new RowsInsert({
  description: 'offer redemptions per month',
  table: 'offer_month_counts',
  columns: { project_id: 'text', offer_id: 'text', month: 'text', redeemed: 'int8' },
  conflict: (oc) =>
    oc.columns(['project_id', 'offer_id', 'month']).doUpdateSet({ redeemed: sql<number>`offer_month_counts.redeemed + excluded.redeemed` }),
});

export const addUserCounts = new RowsInsert({
  description: 'offer redemptions per user',
  table: 'offer_user_counts',
  columns: { project_id: 'text', offer_id: 'text', user_id: 'text', redeemed: 'int8' },
  conflict: (oc) =>
    oc
      .columns(['project_id', 'offer_id', 'user_id'])
      .doUpdateSet({ redeemed: sql<number>`offer_user_counts.redeemed + excluded.redeemed` }),
});

export const insertRedemptions = new RowsInsert({
  description: 'redemptions',
  table: 'redemptions',
  columns: {
    project_id: 'text',
    redemption_id: 'text',
    user_id: 'text',
    offer_id: 'text',
    points: 'int8',
    coupon_key: 'text',
    metadata: 'text',
    created_at: 'int8',
  },
});
