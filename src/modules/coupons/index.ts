/** What other modules may use of coupons: the rest of the folder is its own. */
export { couponsRoutes } from './coupons.routes.js';
export { Coupon, Metadata } from './coupons.schemas.js';
export { CouponsService, insertCoupons, newCouponRow, toCoupon } from './coupons.service.js';
export type { CouponUsageCounter } from './coupons.service.js';
export type { CouponsTable } from './coupons.tables.js';
