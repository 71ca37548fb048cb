import { AppError } from '../../http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { monthKey } from '../../platform/time.js';
import type { Metadata } from '../coupons/index.js';
import type { PointsService } from '../points/index.js';
import type { CurrenciesService } from '../currencies/index.js';
import type { WritePath } from '../../write-path/write-path.js';
import type { UserDataOwner } from '../users/index.js';
import type { OffersRepository } from './offers.repository.js';
import type { Redeemed } from './offers.schemas.js';
import type { RedemptionUnit } from './redemption-batch.js';
import { redeemRefusal, type FreezeBankRefusal } from './redeem-refusal.js';
import { offerTiers, STREAK_FREEZE } from './offer-rules.js';

export const MAX_QUANTITY = 100;

/** metadata.quantity: an integer 1–100, 1 when absent; else 400 INVALID_QUANTITY (decision 198). */
export function quantityOf(metadata: Metadata | undefined): number {
  const raw = metadata?.quantity;
  if (raw === undefined) return 1;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > MAX_QUANTITY) {
    throw AppError.of('INVALID_QUANTITY', `body/metadata/quantity must be an integer from 1 to ${MAX_QUANTITY}`);
  }
  return raw;
}

/**
 * Redeeming an offer: the redeemable check (a read that changes nothing) and the redeem itself,
 * which goes through the write path (redemption-batch.ts) as one atomic step with limits exact.
 */
export class RedemptionService implements UserDataOwner {
  readonly userDataName = 'redemptions';

  constructor(
    private readonly platform: Platform,
    private readonly repo: OffersRepository,
    private readonly points: PointsService,
    private readonly writes: WritePath,
    private readonly currencies: Pick<CurrenciesService, 'catalog'>,
    /** The user's current tier (offers limited to tiers). */
    private readonly tiers: { currentTierId(projectId: string, userId: string): Promise<string | null> } | null = null,
    /** Whether the user's bank of a streak can take one more freeze (STREAK_FREEZE offers). */
    private readonly freezes: {
      freezeBankRefusal(projectId: string, userId: string, streakId: string): Promise<FreezeBankRefusal>;
    } | null = null,
  ) {}

  private get db() {
    return this.platform.db.kysely;
  }

  /** GET /user/{userId}/offer/{offerId}/redeemable: the verdict and its reason; changes nothing. */
  async redeemable(projectId: string, userId: string, offerId: string) {
    const now = this.platform.clock.now();
    const offer = await this.repo.findOffer(this.db, projectId, offerId);
    if (!offer) throw AppError.of('OFFER_NOT_FOUND', offerId);
    const currency = offer.currency ?? 'points';
    const balance = await this.points.liveBalance(this.db, projectId, userId, currency);
    if (balance === null) throw AppError.of('USER_NOT_FOUND', userId);
    const reason = redeemRefusal({
      now,
      status: (await this.currencyActive(projectId, currency)) ? offer.status : 'INACTIVE',
      shopActive: await this.repo.shopActive(this.db, projectId, offer.shop_id),
      validFrom: offer.valid_from === null ? null : Number(offer.valid_from),
      validUntil: offer.valid_until === null ? null : Number(offer.valid_until),
      totalLimit: offer.total_limit === null ? null : Number(offer.total_limit),
      redeemedTotal: Number(offer.redeemed_total),
      monthlyLimit: offer.monthly_limit === null ? null : Number(offer.monthly_limit),
      redeemedThisMonth: offer.monthly_limit === null ? 0 : await this.repo.monthCount(this.db, projectId, offerId, monthKey(now)),
      perUserLimit: offer.per_user_limit === null ? null : Number(offer.per_user_limit),
      redeemedByUser: offer.per_user_limit === null ? 0 : await this.repo.userCount(this.db, projectId, offerId, userId),
      tiers: offerTiers(offer),
      userTier: offer.tiers === null ? null : ((await this.tiers?.currentTierId(projectId, userId)) ?? null),
      cost: Number(offer.points),
      balance,
      freezeBank:
        offer.type !== STREAK_FREEZE
          ? null
          : !offer.streak_id || !this.freezes
            ? 'STREAK_UNAVAILABLE'
            : await this.freezes.freezeBankRefusal(projectId, userId, offer.streak_id),
    });
    return {
      redeemable: reason === null,
      reason,
      points: balance,
      cost: Number(offer.points),
      ...(currency === 'points' ? {} : { currency }),
    };
  }

  /** Whether the offer's currency is ACTIVE (an INACTIVE one spends nothing: the offer reads as OFFER_INACTIVE). */
  private async currencyActive(projectId: string, currency: string): Promise<boolean> {
    if (currency === 'points') return true;
    return (await this.currencies.catalog(projectId)).get(currency)?.active === true;
  }

  /**
   * POST /user/{userId}/offer/{offerId}/redeem: `metadata.quantity` units (default 1) at once, all or
   * none; refusals are 400 with the reason as code, and change nothing.
   */
  redeem(projectId: string, userId: string, offerId: string, metadata: Metadata | undefined): Promise<Redeemed['data']> {
    const quantity = quantityOf(metadata);
    const unit: RedemptionUnit = { kind: 'redemption', projectId, userId, offerId, metadata, quantity, now: this.platform.clock.now() };
    return this.writes.submit(unit);
  }

  /** Removes the user's redemption records and per-user counters (offer counters keep their counts). */
  async deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    const ids = await this.repo.userRedemptionIds(this.db, projectId, userId, limit);
    let deleted = 0;
    if (ids.length > 0) {
      const r = await this.repo.deleteRedemptions(
        this.db,
        projectId,
        ids.map((i) => i.redemption_id),
      );
      deleted += Number(r.numDeletedRows);
    }
    if (deleted < limit) {
      const offers = await this.repo.userCountedOffers(this.db, projectId, userId, limit - deleted);
      if (offers.length > 0) {
        const r = await this.repo.deleteUserCounts(
          this.db,
          projectId,
          userId,
          offers.map((o) => o.offer_id),
        );
        deleted += Number(r.numDeletedRows);
      }
    }
    return deleted;
  }
}
