import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineEvent } from '../events/events.test-factory.js';
import { at, defineStreak, purchaseAt, userStreak } from '../streaks/streaks.test-factory.js';
import { balance, createOffer, redeem, userWithPoints } from './offers.test-factory.js';

/** Offers of type STREAK_FREEZE (decision 164): redeeming banks one freeze on the offer's streak. */
describeSharedApp('offers: STREAK_FREEZE', (t) => {
  async function setup() {
    await t.setClock(at('2026-01-05T08:00:00Z'));
    await defineEvent(t, { eventId: 'purchase', reward: { default: 0 } });
    await defineStreak(t, { streakId: 's', freezes: { max: 2 } });
    await createOffer(t, { offerId: 'freeze', type: 'STREAK_FREEZE', streakId: 's', points: 50 });
    await userWithPoints(t, 'alice', 200);
  }
  const redeemable = async (userId: string, offerId: string) =>
    (await t.inject({ method: 'GET', url: `/user/${userId}/offer/${offerId}/redeemable`, headers: await t.auth(userId) })).json();
  const coupons = async (userId: string) =>
    (await t.inject({ method: 'GET', url: `/user/${userId}/coupon`, headers: await t.auth(userId) })).json();

  it('banks one freeze per redemption, issues no coupon, and the freeze covers a missed day', async () => {
    await setup();
    expect((await t.admin('GET', '/admin/offer/freeze')).json()).toMatchObject({ type: 'STREAK_FREEZE', streakId: 's' });
    await purchaseAt(t, 'alice', at('2026-01-05T10:00:00Z'));
    const res = await redeem(t, 'alice', 'freeze');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        userId: 'alice',
        offerId: 'freeze',
        pointsSpent: 50,
        balance: 150,
        redemptionId: expect.any(String),
        coupon: null,
        freeze: { streakId: 's', available: 1, used: 0 },
      },
    });
    expect(await coupons('alice')).toEqual([]);
    await purchaseAt(t, 'alice', at('2026-01-07T10:00:00Z'));
    expect(await userStreak(t, 'alice', 's')).toMatchObject({
      currentCount: 3,
      frozenDates: ['2026-01-06'],
      freezes: { available: 0, used: 1 },
    });
    const stats = (await t.inject({ method: 'GET', url: '/offer/freeze?includeStatistics=true', headers: await t.auth('alice') })).json();
    expect(stats.totalStatistics).toMatchObject({ redeemed: 1 });
  });

  it('banks on a user with no period yet, and refuses when the bank is full, taking no points', async () => {
    await setup();
    for (const available of [1, 2])
      expect((await redeem(t, 'alice', 'freeze')).json().data.freeze).toEqual({ streakId: 's', available, used: 0 });
    expect(await redeemable('alice', 'freeze')).toEqual({ redeemable: false, reason: 'FREEZE_BANK_FULL', points: 100, cost: 50 });
    const full = await redeem(t, 'alice', 'freeze');
    expect(full.statusCode).toBe(400);
    expect(full.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.any(String), code: 'FREEZE_BANK_FULL' });
    expect(await balance(t, 'alice')).toBe(100);
    await purchaseAt(t, 'alice', at('2026-01-05T10:00:00Z'));
    expect(await userStreak(t, 'alice', 's')).toMatchObject({ currentCount: 1, freezes: { available: 2, used: 0 } });
  });

  it('refuses a redemption when the streak no longer has freezes or is inactive, changing nothing', async () => {
    await setup();
    const put = (body: Record<string, unknown>) =>
      t.admin('PUT', '/admin/streak/s', { title: { de: 'S', en: 'S' }, timeFrame: 'daily', eventIds: ['purchase'], ...body });
    await put({ freezes: { max: 2 }, status: 'INACTIVE' });
    expect(await redeemable('alice', 'freeze')).toMatchObject({ redeemable: false, reason: 'STREAK_UNAVAILABLE' });
    expect((await redeem(t, 'alice', 'freeze')).json()).toMatchObject({ statusCode: 400, code: 'STREAK_UNAVAILABLE' });
    await put({ freezes: null });
    expect((await redeem(t, 'alice', 'freeze')).json()).toMatchObject({ statusCode: 400, code: 'STREAK_UNAVAILABLE' });
    expect(await balance(t, 'alice')).toBe(200);
    await put({ freezes: { max: 2 } });
    expect(await redeemable('alice', 'freeze')).toMatchObject({ redeemable: true, reason: null });
  });

  it('refuses offers whose streak does not fit the type', async () => {
    await setup();
    await defineStreak(t, { streakId: 'plain' });
    const bad = [
      { type: 'STREAK_FREEZE' },
      { type: 'STREAK_FREEZE', streakId: 'nope' },
      { type: 'STREAK_FREEZE', streakId: 'plain' },
      { type: 'LOCAL', streakId: 's' },
    ];
    for (const fields of bad) {
      const res = await t.admin('POST', '/admin/offer', { offerId: 'x', points: 1, title: { en: 'X' }, ...fields });
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'INVALID_OFFER_STREAK' });
    }
    const put = await t.admin('PUT', '/admin/offer/freeze', { type: 'STREAK_FREEZE', points: 1, title: { en: 'X' } });
    expect(put.json()).toMatchObject({ statusCode: 400, code: 'INVALID_OFFER_STREAK' });
    expect((await t.admin('GET', '/admin/offer/freeze')).json()).toMatchObject({ points: 50, streakId: 's' });
    expect((await t.admin('GET', '/admin/offer/x')).statusCode).toBe(404);
  });
});
