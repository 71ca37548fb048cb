/** What other modules may use of coupons: the rest of the folder is its own. */
export { CouponIssues, toCoupon } from './coupon-issues.js';
export { couponsRoutes } from './coupons.routes.js';
export { Coupon, Metadata } from './coupons.schemas.js';
export { CouponsService } from './coupons.service.js';
export type { CouponUsageCounter } from './coupons.service.js';
export type { CouponsTable } from './coupons.tables.js';
export { lastIssuedQuery } from './coupons.repository.js';
