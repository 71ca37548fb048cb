import { AppError } from '../../http/errors.js';
import type { Queryable } from '../../platform/db/database.js';
import type { Platform } from '../../platform/platform.js';
import type { UserDataOwner } from '../users/index.js';
import type { LiveUsers } from '../users/index.js';
import { newCouponRow, toCoupon, type IssueCoupon } from './coupon-issues.js';
import type { Coupon, IssueCouponBody, UpdateCouponBody } from './coupons.schemas.js';
import { CouponsRepository } from './coupons.repository.js';

/**
 * Coupons belong to one user. They are issued by a redemption (inside its transaction) or by the
 * operator; a user redeems (uses) one once, while it is valid. Listing shows only unredeemed,
 * unexpired coupons. The redeem is a conditional update, so two concurrent redeems cannot both win.
 */
export interface CouponUsageCounter {
  /** Called in the redeem transaction when a coupon issued for an offer is used. */
  couponUsed(trx: Queryable, projectId: string, offerId: string): Promise<void>;
}

/** Who hears of a used coupon (the webhooks' outbox): inside the redeem transaction, then after its commit. */
export interface CouponUseReporter {
  couponUsed(trx: Queryable, projectId: string, coupon: Coupon): Promise<void>;
  committed(): void;
}

export class CouponsService implements UserDataOwner {
  readonly userDataName = 'coupons';
  private readonly repository = new CouponsRepository();

  constructor(
    private readonly platform: Platform,
    private readonly usage: CouponUsageCounter,
    private readonly users: LiveUsers,
    private readonly reporter: CouponUseReporter | null = null,
  ) {}

  private get db() {
    return this.platform.db.kysely;
  }

  /** Inserts a coupon in the caller's transaction; 409 when an explicit couponKey is taken. */
  async issue(trx: Queryable, input: IssueCoupon): Promise<Coupon> {
    const row = newCouponRow(input, this.platform.clock.now());
    const r = await this.repository.insert(trx, row);
    if (Number(r.numInsertedOrUpdatedRows ?? 0) === 0) throw AppError.of('COUPON_EXISTS', `Coupon ${row.coupon_key} already exists`);
    return toCoupon(row);
  }

  /** POST /admin/coupon: the user must be live (not unknown, not being deleted). */
  async issueByOperator(projectId: string, input: IssueCouponBody): Promise<Coupon> {
    return this.db.transaction().execute(async (trx) => {
      await this.users.requireLive(trx, projectId, input.userId);
      return this.issue(trx, {
        projectId,
        userId: input.userId,
        ...(input.couponKey ? { couponKey: input.couponKey } : {}),
        title: input.title,
        description: input.description ?? '',
        validUntil: input.validUntil,
        metadata: input.metadata ?? {},
        offerId: null,
      });
    });
  }

  /** GET /user/{userId}/coupon: unredeemed coupons whose validUntil is later than now. */
  async listActive(projectId: string, userId: string): Promise<Coupon[]> {
    const rows = await this.repository.listActive(this.db, projectId, userId, this.platform.clock.now());
    return rows.map(toCoupon);
  }

  /** PUT /user/{userId}/coupon/{couponId}: the body SK selects the coupon; a second redeem is 400. */
  async redeem(projectId: string, userId: string, sk: string): Promise<Coupon> {
    const match = /^COUPON#(.+)$/.exec(sk);
    if (!match) throw AppError.of('INVALID_SK', 'SK must have the shape COUPON#<couponKey>');
    const couponKey = match[1]!;
    const now = this.platform.clock.now();
    const used = await this.db.transaction().execute(async (trx) => {
      await this.users.requireLive(trx, projectId, userId); // a user being deleted uses nothing
      const updated = await this.repository.redeem(trx, projectId, userId, couponKey, now);
      if (updated) {
        if (updated.offer_id !== null) await this.usage.couponUsed(trx, projectId, updated.offer_id);
        const coupon = toCoupon(updated);
        await this.reporter?.couponUsed(trx, projectId, coupon);
        return coupon;
      }
      const row = await this.find(trx, projectId, couponKey);
      if (!row || row.user_id !== userId) throw AppError.of('COUPON_NOT_FOUND', sk);
      if (Number(row.redeemed) === 1) throw AppError.of('COUPON_ALREADY_REDEEMED', 'Coupon already redeemed');
      throw AppError.of('COUPON_EXPIRED', 'Coupon expired');
    });
    this.reporter?.committed();
    return used;
  }

  private find(db: Queryable, projectId: string, couponKey: string) {
    return this.repository.find(db, projectId, couponKey);
  }

  async get(projectId: string, couponKey: string): Promise<Coupon> {
    const row = await this.find(this.db, projectId, couponKey);
    if (!row) throw AppError.of('COUPON_NOT_FOUND', couponKey);
    return toCoupon(row);
  }

  /** GET /admin/coupon: newest first, optionally of one user. */
  async list(projectId: string, userId: string | undefined, limit: number): Promise<Coupon[]> {
    const rows = await this.repository.list(this.db, projectId, userId, limit);
    return rows.map(toCoupon);
  }

  async update(projectId: string, couponKey: string, input: UpdateCouponBody): Promise<Coupon> {
    if (input.couponKey !== undefined && input.couponKey !== couponKey) {
      throw AppError.of('ID_MISMATCH', 'couponKey in the body must match the path');
    }
    const existing = await this.get(projectId, couponKey);
    if (existing.userId !== input.userId) throw AppError.of('COUPON_OWNER_FIXED', 'The owner of a coupon cannot change');
    const redeemed = input.redeemed ?? existing.redeemed;
    await this.repository.update(this.db, projectId, couponKey, {
      title: input.title,
      description: input.description ?? '',
      valid_until: input.validUntil,
      metadata: JSON.stringify(input.metadata ?? {}),
      redeemed: redeemed ? 1 : 0,
      redeemed_at: redeemed ? (existing.redeemedAt ?? this.platform.clock.now()) : null,
    });
    return this.get(projectId, couponKey);
  }

  async delete(projectId: string, couponKey: string): Promise<void> {
    const r = await this.repository.delete(this.db, projectId, couponKey);
    if (Number(r.numDeletedRows) === 0) throw AppError.of('COUPON_NOT_FOUND', couponKey);
  }

  /** Coupons of an offer still usable now: not redeemed, not expired (offer totalStatistics `valid`). */
  async countValid(projectId: string, offerId: string): Promise<number> {
    const row = await this.repository.countValid(this.db, projectId, offerId, this.platform.clock.now());
    return Number(row.n);
  }

  async deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    const keys = await this.repository.userCouponKeys(this.db, projectId, userId, limit);
    if (keys.length === 0) return 0;
    const r = await this.repository.deleteKeys(
      this.db,
      projectId,
      keys.map((k) => k.coupon_key),
    );
    return Number(r.numDeletedRows);
  }
}
