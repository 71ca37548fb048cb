import { AppError } from '../../platform/errors.js';
import { generateId } from '../../platform/ids.js';
import { DAY_MS } from '../../platform/time.js';
import { CouponIssues, toCoupon } from '../coupons/index.js';
import type { CouponsTable } from '../coupons/index.js';
import { historyText } from '../points/index.js';
import { ledgerIn } from '../points/index.js';
import { streaksIn, type StreaksBatch } from '../streaks/index.js';
import { tiersIn, type TiersBatch } from '../tiers/index.js';
import { defineParticipant } from '../../write-path/participant.js';
import type { BatchPart, WriteBatch } from '../../write-path/write-batch.js';
import { offerTiers, pickLanguage, STREAK_FREEZE } from './offer-rules.js';
import type { RedemptionUnit } from './redemption-types.js';
import type { Redeemed } from './offers.schemas.js';
import type { OffersTable, RedemptionsTable } from './offers.tables.js';
import { insertRedemptions } from './redemption.sql.js';
import { RedemptionCounts, type HeldOffer } from './redemption-counts.js';
import { REFUSAL_MESSAGES, redeemRefusal, type FreezeBankRefusal, type RedeemRefusal } from './redeem-refusal.js';

export { pickLanguage, type RedemptionUnit } from './redemption-types.js';

const refuse = (reason: RedeemRefusal) => AppError.of(reason, REFUSAL_MESSAGES[reason]);

/** One coupon per unit redeemed, each with the offer's texts and validity (made by the coupons module). */
function unitCoupons(
  issues: CouponIssues,
  u: RedemptionUnit,
  offer: OffersTable,
  title: Record<string, string>,
  description: Record<string, string>,
  now: number,
): CouponsTable[] {
  const fields = {
    projectId: u.projectId,
    userId: u.userId,
    title: pickLanguage(title),
    description: pickLanguage(description),
    validUntil: u.now + Number(offer.coupon_validity_days) * DAY_MS,
    metadata: { ...(u.metadata ?? {}), offerId: offer.offer_id, ...(offer.shop_id ? { shopId: offer.shop_id } : {}) },
    offerId: offer.offer_id,
  };
  return issues.make(fields, u.quantity, now);
}

/**
 * Redemption's part of the write path (decision 040): one redeem checks the offer (status,
 * validity), its limits (total, month, user) and the balance against the batch's state — the
 * offer rows locked, the counters read under that lock — then issues the coupon, records the
 * redemption and debits the points, all in memory; the batch writes each table once. Limits are
 * exact across batches and instances because every redemption of an offer holds its row lock.
 */
export const redemptionParticipant = defineParticipant<RedemptionBatch>({
  name: 'redemptions',
  kind: 'redemption',
  /** A redemption debits the ledger, reads the user's tier (tier-limited offers) and banks streak freezes. */
  after: ['ledger', 'tiers?', 'streaks?'],
  provides: ['notices'],
  begin: (batch) => new RedemptionBatch(batch),
});

class RedemptionBatch implements BatchPart<'redemption'> {
  /** The offers, locked, and their limits' counters (redemption-counts.ts). */
  private readonly counts = new RedemptionCounts();
  /** The coupons the batch issues (the coupons module's rows). */
  private readonly coupons = new CouponIssues();
  private readonly redemptions: RedemptionsTable[] = [];
  private tiers: TiersBatch | undefined;
  private freezes: StreaksBatch | undefined;

  constructor(private readonly batch: WriteBatch) {}

  async load(): Promise<void> {
    this.tiers = tiersIn(this.batch);
    this.freezes = streaksIn(this.batch);
    const units = this.batch.unitsOf('redemption');
    if (units.length === 0) return;
    const session = this.batch.session;
    await this.counts.load(session, units);
    const banks = units.flatMap((u) => {
      const row = this.counts.offer(u.projectId, u.offerId)?.row;
      return row && row.type === STREAK_FREEZE && row.streak_id
        ? [{ projectId: u.projectId, userId: u.userId, streakId: row.streak_id }]
        : [];
    });
    if (banks.length > 0) await this.freezes?.loadBanks(banks);
  }

  apply(u: RedemptionUnit): Redeemed['data'] {
    const held = this.counts.offer(u.projectId, u.offerId);
    if (!held) throw AppError.of('OFFER_NOT_FOUND', u.offerId);
    ledgerIn(this.batch).requireLive(u.projectId, u.userId);
    const offer = held.row;
    const cost = Number(offer.points);
    const freezeStreak = offer.type === STREAK_FREEZE ? (offer.streak_id ?? null) : null;
    if (freezeStreak !== null && u.quantity !== 1)
      throw AppError.of('INVALID_QUANTITY', 'A streak freeze offer is redeemed one unit at a time (metadata.quantity 1)');
    const reason = this.refusal(u, held, cost);
    if (reason !== null) throw refuse(reason);
    if (freezeStreak !== null) return this.redeemFreeze(u, offer, freezeStreak, cost);
    return this.redeemUnits(u, offer, cost);
  }

  /** Why the redemption of all `u.quantity` units is refused (every limit counts units), or null. */
  private refusal(u: RedemptionUnit, held: HeldOffer, cost: number): RedeemRefusal | null {
    const offer = held.row;
    return redeemRefusal({
      now: u.now,
      // An INACTIVE currency spends nothing: its offers read as OFFER_INACTIVE (decision 302).
      status: currencyActive(ledgerIn(this.batch), u.projectId, offer) ? offer.status : 'INACTIVE',
      shopActive: this.counts.shopActive(u.projectId, offer.shop_id),
      validFrom: offer.valid_from === null ? null : Number(offer.valid_from),
      validUntil: offer.valid_until === null ? null : Number(offer.valid_until),
      totalLimit: offer.total_limit === null ? null : Number(offer.total_limit),
      redeemedTotal: held.redeemed,
      monthlyLimit: offer.monthly_limit === null ? null : Number(offer.monthly_limit),
      redeemedThisMonth: this.counts.thisMonth(u),
      perUserLimit: offer.per_user_limit === null ? null : Number(offer.per_user_limit),
      redeemedByUser: this.counts.byUser(u),
      tiers: offerTiers(offer),
      userTier: this.tiers?.tierOf(u.projectId, u.userId)?.tierId ?? null,
      cost,
      quantity: u.quantity,
      balance: ledgerIn(this.batch).balanceIn(u.projectId, u.userId, offer.currency ?? 'points'),
      freezeBank: this.freezeRefusal(u, offer),
    });
  }

  /**
   * Redeems `u.quantity` units (decision 198): one coupon and one redemption record per unit (so
   * limits and statistics count units), one REDEMPTION entry debiting cost × quantity.
   */
  private redeemUnits(u: RedemptionUnit, offer: OffersTable, cost: number): Redeemed['data'] {
    const title = JSON.parse(offer.title) as Record<string, string>;
    const description = JSON.parse(offer.description) as Record<string, string>;
    const coupons = unitCoupons(this.coupons, u, offer, title, description, this.batch.now);
    const redemptionIds = coupons.map(() => generateId('rdm'));
    const couponKeys = coupons.map((c) => c.coupon_key);
    const pointsSpent = cost * u.quantity;
    const debit = ledgerIn(this.batch).record({
      projectId: u.projectId,
      userId: u.userId,
      type: 'REDEMPTION',
      sourceId: offer.offer_id,
      ...currencyOf(offer),
      points: -pointsSpent,
      occurredAt: u.now,
      title: historyText(title),
      description: historyText(description),
      image: offer.image,
      metadata: { ...(u.metadata ?? {}), redemptionId: redemptionIds[0], couponKey: couponKeys[0], ...this.unitsNote(u, couponKeys) },
      boardGroups: [],
    });
    this.coupons.issue(coupons);
    coupons.forEach((c, i) => this.count(u, offer, redemptionIds[i]!, cost, c.coupon_key));
    this.batch.notify({
      type: 'offer.redeemed',
      projectId: u.projectId,
      userId: u.userId,
      occurredAt: u.now,
      data: {
        userId: u.userId,
        offerId: offer.offer_id,
        shopId: offer.shop_id,
        redemptionId: redemptionIds[0],
        pointsSpent,
        balance: debit.balance,
        ...currencyOf(offer),
        couponKey: couponKeys[0],
        ...this.unitsNote(u, couponKeys),
      },
    });
    const shown = coupons.map(toCoupon);
    return {
      userId: u.userId,
      offerId: offer.offer_id,
      quantity: u.quantity,
      pointsSpent,
      balance: debit.balance,
      ...currencyOf(offer),
      redemptionId: redemptionIds[0]!,
      coupon: shown[0]!,
      coupons: shown,
    };
  }

  /** What a redemption of several units adds to its history entry and webhook. */
  private unitsNote(u: RedemptionUnit, couponKeys: string[]): Record<string, unknown> {
    return u.quantity === 1 ? {} : { quantity: u.quantity, couponKeys };
  }

  /** A STREAK_FREEZE offer: the bank of its streak must take one more (no freezes module: unavailable). */
  private freezeRefusal(u: RedemptionUnit, offer: OffersTable): FreezeBankRefusal {
    if (offer.type !== STREAK_FREEZE) return null;
    if (!offer.streak_id || !this.freezes) return 'STREAK_UNAVAILABLE';
    return this.freezes.bankRefusal(u.projectId, u.userId, offer.streak_id);
  }

  /** Debits the points and banks one freeze: no coupon is issued (decision 164). */
  private redeemFreeze(u: RedemptionUnit, offer: OffersTable, streakId: string, cost: number): Redeemed['data'] {
    const title = JSON.parse(offer.title) as Record<string, string>;
    const redemptionId = generateId('rdm');
    const debit = ledgerIn(this.batch).record({
      projectId: u.projectId,
      userId: u.userId,
      type: 'REDEMPTION',
      sourceId: offer.offer_id,
      ...currencyOf(offer),
      points: -cost,
      occurredAt: u.now,
      title: historyText(title),
      description: historyText(JSON.parse(offer.description) as Record<string, string>),
      image: offer.image,
      metadata: { ...(u.metadata ?? {}), redemptionId, streakId },
      boardGroups: [],
    });
    const bank = this.freezes!.bankFreeze(u.projectId, u.userId, streakId, u.now);
    this.count(u, offer, redemptionId, cost, '');
    this.batch.notify({
      type: 'offer.redeemed',
      projectId: u.projectId,
      userId: u.userId,
      occurredAt: u.now,
      data: {
        userId: u.userId,
        offerId: offer.offer_id,
        shopId: offer.shop_id,
        redemptionId,
        pointsSpent: cost,
        balance: debit.balance,
        ...currencyOf(offer),
        couponKey: null,
        streakId,
      },
    });
    return {
      userId: u.userId,
      offerId: offer.offer_id,
      pointsSpent: cost,
      balance: debit.balance,
      ...currencyOf(offer),
      redemptionId,
      coupon: null,
      freeze: { streakId, ...bank },
    };
  }

  /** Records a redemption and moves its limit counters. */
  private count(u: RedemptionUnit, offer: OffersTable, redemptionId: string, cost: number, couponKey: string): void {
    this.redemptions.push({
      project_id: u.projectId,
      redemption_id: redemptionId,
      user_id: u.userId,
      offer_id: offer.offer_id,
      points: cost,
      coupon_key: couponKey,
      metadata: u.metadata ? JSON.stringify(u.metadata) : null,
      created_at: u.now,
    });
    this.counts.count(u);
  }

  async write(): Promise<void> {
    if (this.redemptions.length === 0) return;
    const session = this.batch.session;
    // Sent at once, in this order (pipelined on PostgreSQL), unanswered.
    await Promise.all([this.coupons.write(session), insertRedemptions.later(session, this.redemptions), ...this.counts.write(session)]);
  }
}

/** The ledger entry's currency field of an offer's debit (none for points). */
function currencyOf(offer: OffersTable): { currency?: string } {
  return offer.currency === undefined || offer.currency === 'points' ? {} : { currency: offer.currency };
}

function currencyActive(ledger: ReturnType<typeof ledgerIn>, projectId: string, offer: OffersTable): boolean {
  const currency = offer.currency ?? 'points';
  return currency === 'points' || ledger.catalogOf(projectId).get(currency)?.active === true;
}
