import { AppError } from '../../http/errors.js';
import type { Queryable } from '../../platform/db/database.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import { DAY_MS, monthKey } from '../../platform/time.js';
import type { CouponsService } from '../coupons/coupons.service.js';
import type { Metadata } from '../coupons/coupons.schemas.js';
import { historyText } from '../points/ledger.js';
import type { PointsService } from '../points/points.service.js';
import type { UserDataOwner } from '../users/user-data.js';
import type { OffersRepository } from './offers.repository.js';
import type { Redeemed } from './offers.schemas.js';
import type { OffersTable } from './offers.tables.js';
import { REFUSAL_MESSAGES, redeemRefusal, type RedeemRefusal } from './redeem-refusal.js';

/**
 * Redeeming an offer is one transaction: check the offer and the user, issue the coupon, record
 * the redemption, debit the points (refused when the balance does not cover them), then count the
 * redemption against totalLimit, monthlyLimit and perUserLimit with conditional writes.
 * Any refusal throws, the transaction rolls back, and nothing has changed.
 */
const refuse = (reason: RedeemRefusal) => AppError.badRequest(REFUSAL_MESSAGES[reason], reason);

/** A language map shown as one string: de, else en, else the first language (CONTRACT.md section 4). */
export function pickLanguage(map: Record<string, string>): string {
  return map.de ?? map.en ?? Object.values(map)[0] ?? '';
}

export class RedemptionService implements UserDataOwner {
  readonly userDataName = 'redemptions';

  constructor(
    private readonly platform: Platform,
    private readonly repo: OffersRepository,
    private readonly coupons: CouponsService,
    private readonly points: PointsService,
  ) {}

  private get db() {
    return this.platform.db.kysely;
  }

  private async load(db: Queryable, projectId: string, userId: string, offerId: string, now: number) {
    const offer = await this.repo.findOffer(db, projectId, offerId);
    if (!offer) throw AppError.notFound(`Offer ${offerId} not found`, 'OFFER_NOT_FOUND');
    const user = await db.selectFrom('users').select('points').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
    if (!user) throw AppError.notFound(`User ${userId} not found`, 'USER_NOT_FOUND');
    const month = monthKey(now);
    const reason = redeemRefusal({
      now,
      status: offer.status,
      validFrom: offer.valid_from === null ? null : Number(offer.valid_from),
      validUntil: offer.valid_until === null ? null : Number(offer.valid_until),
      totalLimit: offer.total_limit === null ? null : Number(offer.total_limit),
      redeemedTotal: Number(offer.redeemed_total),
      monthlyLimit: offer.monthly_limit === null ? null : Number(offer.monthly_limit),
      redeemedThisMonth: offer.monthly_limit === null ? 0 : await this.repo.monthCount(db, projectId, offerId, month),
      perUserLimit: offer.per_user_limit === null ? null : Number(offer.per_user_limit),
      redeemedByUser: offer.per_user_limit === null ? 0 : await this.repo.userCount(db, projectId, offerId, userId),
      cost: Number(offer.points),
      balance: Number(user.points),
    });
    return { offer, balance: Number(user.points), month, reason };
  }

  /** GET /user/{userId}/offer/{offerId}/redeemable: the verdict and its reason; changes nothing. */
  async redeemable(projectId: string, userId: string, offerId: string) {
    const { offer, balance, reason } = await this.load(this.db, projectId, userId, offerId, this.platform.clock.now());
    return { redeemable: reason === null, reason, points: balance, cost: Number(offer.points) };
  }

  /** POST /user/{userId}/offer/{offerId}/redeem. */
  async redeem(projectId: string, userId: string, offerId: string, metadata: Metadata | undefined): Promise<Redeemed['data']> {
    const now = this.platform.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const { offer, month, reason } = await this.load(trx, projectId, userId, offerId, now);
      if (reason !== null) throw refuse(reason);
      const data = await this.complete(trx, { projectId, userId, offer, metadata, now });
      // The offer's counters are the rows every redeemer of the offer waits for: they are
      // taken last, so they stay locked only until the commit right after.
      if (!(await this.repo.takeTotal(trx, projectId, offerId))) throw refuse('TOTAL_LIMIT_REACHED');
      const monthlyLimit = offer.monthly_limit === null ? null : Number(offer.monthly_limit);
      if (!(await this.repo.takeMonthly(trx, projectId, offerId, month, monthlyLimit))) throw refuse('MONTHLY_LIMIT_REACHED');
      const perUserLimit = offer.per_user_limit === null ? null : Number(offer.per_user_limit);
      if (!(await this.repo.takePerUser(trx, projectId, offerId, userId, perUserLimit))) throw refuse('USER_LIMIT_REACHED');
      return data;
    });
  }

  /** The writes before the limit counters: coupon, redemption row, debit (which may refuse). */
  private async complete(
    trx: Queryable,
    c: { projectId: string; userId: string; offer: OffersTable; metadata: Metadata | undefined; now: number },
  ): Promise<Redeemed['data']> {
    const { projectId, userId, offer, now } = c;
    const cost = Number(offer.points);
    const title = JSON.parse(offer.title) as Record<string, string>;
    const description = JSON.parse(offer.description) as Record<string, string>;
    const coupon = await this.coupons.issue(trx, {
      projectId,
      userId,
      title: pickLanguage(title),
      description: pickLanguage(description),
      validUntil: now + Number(offer.coupon_validity_days) * DAY_MS,
      metadata: { ...(c.metadata ?? {}), offerId: offer.offer_id, ...(offer.shop_id ? { shopId: offer.shop_id } : {}) },
      offerId: offer.offer_id,
    });
    const redemptionId = generateId('rdm');
    await trx
      .insertInto('redemptions')
      .values({
        project_id: projectId,
        redemption_id: redemptionId,
        user_id: userId,
        offer_id: offer.offer_id,
        points: cost,
        coupon_key: coupon.couponKey,
        metadata: c.metadata ? JSON.stringify(c.metadata) : null,
        created_at: now,
      })
      .execute();
    const debit = await this.points.record(
      trx,
      {
        projectId,
        userId,
        type: 'REDEMPTION',
        sourceId: offer.offer_id,
        points: -cost,
        occurredAt: now,
        title: historyText(title),
        description: historyText(description),
        image: offer.image,
        metadata: { ...(c.metadata ?? {}), redemptionId, couponKey: coupon.couponKey },
      },
      'refuse',
    );
    return { userId, offerId: offer.offer_id, pointsSpent: cost, balance: debit.balance, redemptionId, coupon };
  }

  /** Removes the user's redemption records and per-user counters (offer counters keep their counts). */
  async deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    const ids = await this.db.selectFrom('redemptions').select('redemption_id').where('project_id', '=', projectId).where('user_id', '=', userId).limit(limit).execute();
    let deleted = 0;
    if (ids.length > 0) {
      const r = await this.db
        .deleteFrom('redemptions')
        .where('project_id', '=', projectId)
        .where(
          'redemption_id',
          'in',
          ids.map((i) => i.redemption_id),
        )
        .executeTakeFirst();
      deleted += Number(r.numDeletedRows);
    }
    if (deleted < limit) {
      const offers = await this.db
        .selectFrom('offer_user_counts')
        .select('offer_id')
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .limit(limit - deleted)
        .execute();
      if (offers.length > 0) {
        const r = await this.db
          .deleteFrom('offer_user_counts')
          .where('project_id', '=', projectId)
          .where('user_id', '=', userId)
          .where(
            'offer_id',
            'in',
            offers.map((o) => o.offer_id),
          )
          .executeTakeFirst();
        deleted += Number(r.numDeletedRows);
      }
    }
    return deleted;
  }
}

