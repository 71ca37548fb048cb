import { generateId } from '../../platform/ids.js';
import type { BatchSession } from '../../write-path/session.js';
import type { Coupon, Metadata } from './coupons.schemas.js';
import type { CouponsTable } from './coupons.tables.js';
import { insertCoupons } from './coupons.repository.js';

/**
 * The coupons module owns the coupon rows: whoever issues coupons (the operator, a redemption in the
 * write path) makes them here. A write batch collects what its units issue in a `CouponIssues` and
 * inserts them once.
 */

export interface IssueCoupon {
  projectId: string;
  userId: string;
  couponKey?: string;
  title: string;
  description: string;
  validUntil: number;
  metadata: Metadata;
  offerId: string | null;
}

/** A coupon row issued now for the input (its key generated unless given). */
export function newCouponRow(input: IssueCoupon, now: number): CouponsTable {
  return {
    project_id: input.projectId,
    coupon_key: input.couponKey ?? generateId('cpn'),
    user_id: input.userId,
    title: input.title,
    description: input.description,
    valid_until: input.validUntil,
    redeemed: 0,
    redeemed_at: null,
    metadata: JSON.stringify(input.metadata),
    offer_id: input.offerId,
    created_at: now,
  };
}

export const couponPk = (userId: string) => `USER#${userId}#COUPON`;
export const couponSk = (couponKey: string) => `COUPON#${couponKey}`;

export function toCoupon(r: CouponsTable): Coupon {
  return {
    PK: couponPk(r.user_id),
    SK: couponSk(r.coupon_key),
    couponKey: r.coupon_key,
    userId: r.user_id,
    title: r.title,
    description: r.description,
    validUntil: Number(r.valid_until),
    redeemed: Number(r.redeemed) === 1,
    redeemedAt: r.redeemed_at === null ? null : Number(r.redeemed_at),
    metadata: JSON.parse(r.metadata) as Metadata,
    offerId: r.offer_id,
    createdAt: Number(r.created_at),
  };
}

/** The coupons a write batch issues (redemptions, decision 040): made as units are decided, inserted once. */
export class CouponIssues {
  private readonly rows: CouponsTable[] = [];

  /** `count` new coupons of the same texts and validity (not yet issued: see `issue`). */
  make(input: IssueCoupon, count: number, now: number): CouponsTable[] {
    return Array.from({ length: count }, () => newCouponRow(input, now));
  }

  /** Issues coupons made by `make` (once the unit that issues them can no longer be refused). */
  issue(coupons: readonly CouponsTable[]): void {
    this.rows.push(...coupons);
  }

  /** Whether the batch issued any. */
  get size(): number {
    return this.rows.length;
  }

  /** Inserts the batch's coupons. */
  write(session: BatchSession): Promise<unknown> {
    return insertCoupons.later(session, this.rows);
  }
}
