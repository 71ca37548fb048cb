import { AppError } from '../../http/errors.js';
import type { Queryable } from '../../platform/db/database.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import { monthKey } from '../../platform/time.js';
import type { CouponsService } from '../coupons/index.js';
import type { CurrenciesService } from '../currencies/index.js';
import { OfferFeed } from './offer-feed.js';
import { OffersRepository } from './offers.repository.js';
import { offerTiers, pickLanguage, STREAK_FREEZE } from './offer-rules.js';
import { num, toOffer, toShop } from './offer-views.js';
import type { OfferBody, OfferView, Shop, ShopBody } from './offers.schemas.js';
import type { OffersTable, ShopsTable } from './offers.tables.js';

/**
 * The catalogue: shops and offers configured by the operator, read by users (offer, shop, feed).
 * Statistics come from counters that redemptions and coupon uses keep, never from counting rows
 * of redemptions per request (only `valid`, which depends on the clock, counts the coupon index).
 */
export { offerTiers, STREAK_FREEZE } from './offer-rules.js';

const remaining = (limit: number | null, used: number) => (limit === null ? null : Math.max(0, limit - used));

export class OffersService {
  readonly repo = new OffersRepository();
  private readonly feed: OfferFeed;

  constructor(
    private readonly platform: Platform,
    private readonly coupons: CouponsService,
    /** Checks that the tiers an offer names exist (400 TIER_NOT_FOUND). */
    private readonly tiers: { assertExist(projectId: string, tierIds: readonly string[]): Promise<void> } | null = null,
    /** Whether a streak exists and has a freeze rule (offers of type STREAK_FREEZE). */
    private readonly streaks: { hasFreezes(projectId: string, streakId: string): Promise<boolean> } | null = null,
    /** Checks that an offer's currency exists and is spendable (400 UNKNOWN_CURRENCY / CURRENCY_NOT_SPENDABLE). */
    private readonly currencies: Pick<CurrenciesService, 'require'> | null = null,
  ) {
    this.feed = new OfferFeed(platform, this.repo);
  }

  /**
   * A STREAK_FREEZE offer names a streak with a freeze rule (decision 164); any other offer names
   * none. 400 INVALID_OFFER_STREAK otherwise.
   */
  private async checkStreak(projectId: string, input: OfferBody): Promise<void> {
    const streakId = input.streakId ?? null;
    if (input.type !== STREAK_FREEZE) {
      if (streakId !== null) throw AppError.of('INVALID_OFFER_STREAK', 'body/streakId is only for offers of type STREAK_FREEZE');
      return;
    }
    if (streakId === null) throw AppError.of('INVALID_OFFER_STREAK', 'body/streakId is required for type STREAK_FREEZE');
    if (!(await this.streaks?.hasFreezes(projectId, streakId))) {
      throw AppError.of('INVALID_OFFER_STREAK', `body/streakId must name a streak with freezes (freezes.max): ${streakId} does not`);
    }
  }

  /** The offers limited to a tier (a tier they name cannot be deleted). */
  async offersNaming(projectId: string, tierId: string): Promise<string[]> {
    const rows = await this.repo.offersWithTiers(this.db, projectId);
    return rows.filter((r) => offerTiers(r)?.includes(tierId)).map((r) => r.offer_id);
  }

  private get db() {
    return this.platform.db.kysely;
  }

  private offerFields(projectId: string, offerId: string, input: OfferBody, now: number) {
    const validFrom = input.validFrom ?? null;
    const validUntil = input.validUntil ?? null;
    if (validFrom !== null && validUntil !== null && validUntil <= validFrom) {
      throw AppError.of('INVALID_VALIDITY', 'validUntil must be later than validFrom');
    }
    return {
      project_id: projectId,
      offer_id: offerId,
      type: input.type ?? 'ONLINE',
      points: input.points,
      currency: input.currency ?? 'points',
      title: JSON.stringify(input.title),
      description: JSON.stringify(input.description ?? {}),
      category: input.category ?? null,
      shop_id: input.shopId ?? null,
      image: input.image ?? null,
      monthly_limit: input.monthlyLimit ?? null,
      total_limit: input.totalLimit ?? null,
      per_user_limit: input.perUserLimit ?? null,
      valid_from: validFrom,
      valid_until: validUntil,
      status: input.status ?? 'ACTIVE',
      coupon_validity_days: input.couponValidityDays ?? 30,
      tiers: input.tiers ? JSON.stringify(input.tiers) : null,
      streak_id: input.streakId ?? null,
      updated_at: now,
    };
  }

  async createOffer(projectId: string, input: OfferBody) {
    const now = this.platform.clock.now();
    const row: OffersTable = {
      ...this.offerFields(projectId, input.offerId ?? generateId('offer'), input, now),
      redeemed_total: 0,
      used_total: 0,
      created_at: now,
    };
    await this.tiers?.assertExist(projectId, input.tiers ?? []);
    await this.checkStreak(projectId, input);
    await this.currencies?.require(projectId, input.currency, 'spend');
    const inserted = await this.db.transaction().execute(async (trx) => {
      await this.requireShop(trx, projectId, row.shop_id);
      return this.repo.insertOffer(trx, row);
    });
    if (!inserted) throw AppError.of('OFFER_EXISTS', `Offer ${row.offer_id} already exists`);
    await this.feed.changed();
    return this.adminOffer(projectId, row.offer_id);
  }

  async updateOffer(projectId: string, offerId: string, input: OfferBody) {
    if (input.offerId !== undefined && input.offerId !== offerId)
      throw AppError.of('ID_MISMATCH', 'offerId in the body must match the path');
    const fields = this.offerFields(projectId, offerId, input, this.platform.clock.now());
    await this.tiers?.assertExist(projectId, input.tiers ?? []);
    await this.checkStreak(projectId, input);
    await this.currencies?.require(projectId, input.currency, 'spend');
    const updated = await this.db.transaction().execute(async (trx) => {
      await this.requireShop(trx, projectId, fields.shop_id);
      return this.repo.updateOffer(trx, fields);
    });
    if (!updated) throw AppError.of('OFFER_NOT_FOUND', offerId);
    await this.feed.changed();
    return this.adminOffer(projectId, offerId);
  }

  /** An offer may name only an existing shop (400); its row stays locked until the offer is written. */
  private async requireShop(trx: Queryable, projectId: string, shopId: string | null): Promise<void> {
    if (shopId === null) return;
    if (!(await this.repo.lockShopShared(trx, projectId, shopId, this.platform.db.dialect))) {
      throw AppError.of('UNKNOWN_SHOP', `body/shopId must name an existing shop: there is no shop ${shopId}`);
    }
  }

  async deleteOffer(projectId: string, offerId: string): Promise<void> {
    const deleted = await this.db.transaction().execute((trx) => this.repo.deleteOffer(trx, projectId, offerId));
    if (!deleted) throw AppError.of('OFFER_NOT_FOUND', offerId);
    await this.feed.changed();
  }

  async listOffers(projectId: string) {
    const rows = await this.repo.listOffers(this.db, projectId);
    return Promise.all(rows.map((r) => this.withStatistics(projectId, r)));
  }

  async adminOffer(projectId: string, offerId: string) {
    return this.withStatistics(projectId, await this.requireOffer(projectId, offerId));
  }

  private async withStatistics(projectId: string, row: OffersTable) {
    return { ...toOffer(row), ...(await this.statistics(projectId, row)) };
  }

  /** The coupon an offer gives outside a redemption (a season prize): its texts and validity; null for an unknown offer. */
  async prizeCoupon(projectId: string, offerId: string): Promise<{ title: string; description: string; validityDays: number } | null> {
    const row = await this.repo.findOffer(this.db, projectId, offerId);
    if (!row) return null;
    return {
      title: pickLanguage(JSON.parse(row.title)),
      description: pickLanguage(JSON.parse(row.description)),
      validityDays: Number(row.coupon_validity_days),
    };
  }

  async requireOffer(projectId: string, offerId: string): Promise<OffersTable> {
    const row = await this.repo.findOffer(this.db, projectId, offerId);
    if (!row) throw AppError.of('OFFER_NOT_FOUND', offerId);
    return row;
  }

  private async statistics(projectId: string, row: OffersTable) {
    const month = monthKey(this.platform.clock.now());
    const monthly = await this.repo.monthCount(this.db, projectId, row.offer_id, month);
    const total = Number(row.redeemed_total);
    const monthlyLimit = num(row.monthly_limit);
    const totalLimit = num(row.total_limit);
    return {
      statistics: { month, redeemed: monthly, limit: monthlyLimit, remaining: remaining(monthlyLimit, monthly) },
      totalStatistics: {
        redeemed: total,
        used: Number(row.used_total),
        valid: await this.coupons.countValid(projectId, row.offer_id),
        limit: totalLimit,
        remaining: remaining(totalLimit, total),
      },
    };
  }

  /** GET /offer/{offerId}: the offer, with statistics and its shop when asked for. */
  async view(projectId: string, offerId: string, options: { statistics: boolean; shop: boolean }): Promise<OfferView> {
    const row = await this.requireOffer(projectId, offerId);
    const view: OfferView = { offer: toOffer(row) };
    if (options.statistics) Object.assign(view, await this.statistics(projectId, row));
    if (options.shop) {
      const shop = row.shop_id === null ? undefined : await this.repo.findShop(this.db, projectId, row.shop_id);
      view.shop = shop ? toShop(shop) : null;
    }
    return view;
  }

  /** GET /user/{userId}/offer/feed: the JSON text of the offers a user can see now (offer-feed.ts). */
  feedJson(projectId: string, type: string | undefined): Promise<string> {
    return this.feed.json(projectId, type);
  }

  private shopFields(projectId: string, shopId: string, input: ShopBody, now: number) {
    return {
      project_id: projectId,
      shop_id: shopId,
      name: input.name,
      status: input.status ?? 'ACTIVE',
      logo: input.logo ?? null,
      image: input.image ?? null,
      description: JSON.stringify(input.description ?? {}),
      updated_at: now,
    };
  }

  async createShop(projectId: string, input: ShopBody): Promise<Shop> {
    const now = this.platform.clock.now();
    const row: ShopsTable = { ...this.shopFields(projectId, input.shopId ?? generateId('shop'), input, now), created_at: now };
    if (!(await this.repo.insertShop(this.db, row))) throw AppError.of('SHOP_EXISTS', `Shop ${row.shop_id} already exists`);
    await this.feed.changed();
    return toShop(row);
  }

  async updateShop(projectId: string, shopId: string, input: ShopBody): Promise<Shop> {
    if (input.shopId !== undefined && input.shopId !== shopId) throw AppError.of('ID_MISMATCH', 'shopId in the body must match the path');
    if (!(await this.repo.updateShop(this.db, this.shopFields(projectId, shopId, input, this.platform.clock.now())))) {
      throw AppError.of('SHOP_NOT_FOUND', shopId);
    }
    await this.feed.changed();
    return this.shop(projectId, shopId, false);
  }

  /** DELETE /admin/shop/{shopId}: 409 while offers still name the shop (delete or move them first). */
  async deleteShop(projectId: string, shopId: string): Promise<void> {
    const result = await this.db
      .transaction()
      .execute((trx) => this.repo.deleteUnusedShop(trx, projectId, shopId, this.platform.db.dialect));
    if (result === 'missing') throw AppError.of('SHOP_NOT_FOUND', shopId);
    if (result === 'in-use')
      throw AppError.of('SHOP_IN_USE', `Shop ${shopId} is still named by offers; delete them or move them to another shop first`);
    await this.feed.changed();
  }

  async listShops(projectId: string): Promise<Shop[]> {
    return (await this.repo.listShops(this.db, projectId)).map(toShop);
  }

  /** GET /offer/shop/{shopId}: the shop, with `statistics` { offers, redeemed, used } when asked for. */
  async shop(projectId: string, shopId: string, withStatistics: boolean): Promise<Shop> {
    const row = await this.repo.findShop(this.db, projectId, shopId);
    if (!row) throw AppError.of('SHOP_NOT_FOUND', shopId);
    const shop = toShop(row);
    if (withStatistics) shop.statistics = await this.repo.shopStatistics(this.db, projectId, shopId);
    return shop;
  }
}
