import type { Samples } from '../../../scripts/sql-dump/dump.js';
import type { CouponsTable } from './coupons.tables.js';

/** Arguments for npm run sql:dump (docs/sql.md): rows whose shape a parameter name cannot tell. */
const coupon: CouponsTable = {
  project_id: 'p',
  coupon_key: 'c',
  user_id: 'u',
  title: 't',
  description: 'd',
  valid_until: 1,
  redeemed: 0,
  redeemed_at: null,
  metadata: '{}',
  offer_id: null,
  created_at: 1,
};

export const samples: Samples = {
  CouponsRepository: {
    insert: [({ db }) => [db, coupon]],
    list: [({ db }) => [db, 'p', undefined, 10], ({ db }) => [db, 'p', 'u', 10]],
    update: [({ db }) => [db, 'p', 'c', { title: 't', description: 'd', valid_until: 1, metadata: '{}', redeemed: 1, redeemed_at: 1 }]],
  },
};
