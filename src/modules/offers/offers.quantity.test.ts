import { expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { balance, createOffer, redeem, userWithPoints } from './offers.test-factory.js';

describeBackends('offers: redeeming several units (metadata.quantity)', (t) => {
  const stats = async () =>
    (await t.inject({ method: 'GET', url: '/offer/coffee?includeStatistics=true', headers: await t.serviceAuth() })).json();
  const coupons = async (userId: string) =>
    (await t.inject({ method: 'GET', url: `/user/${userId}/coupon`, headers: await t.auth(userId) })).json() as unknown[];

  it('spends points × quantity, issues one coupon per unit and counts units in the statistics', async () => {
    await createOffer(t, { points: 30, totalLimit: 10 });
    await userWithPoints(t, 'ann', 100);
    const res = await redeem(t, 'ann', 'coffee', { metadata: { quantity: 3 } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ userId: 'ann', offerId: 'coffee', quantity: 3, pointsSpent: 90, balance: 10 });
    expect(data.coupons).toHaveLength(3);
    expect(new Set(data.coupons.map((c: { SK: string }) => c.SK)).size).toBe(3);
    expect(data.coupon).toEqual(data.coupons[0]);
    expect(await coupons('ann')).toHaveLength(3);
    expect(await balance(t, 'ann')).toBe(10);
    expect(await t.app.services.points.ledgerSum('default', 'ann')).toBe(10);
    const s = await stats();
    expect(s.statistics).toMatchObject({ redeemed: 3 });
    expect(s.totalStatistics).toMatchObject({ redeemed: 3, limit: 10, remaining: 7 });
    const history = (await t.inject({ method: 'GET', url: '/user/ann/history', headers: await t.auth('ann') })).json();
    expect(history.filter((e: { type: string }) => e.type === 'REDEMPTION').map((e: { points: number }) => e.points)).toEqual([-90]);
  });

  it.each([
    ['the monthly limit', { monthlyLimit: 4 }, 'MONTHLY_LIMIT_REACHED'],
    ['the total limit', { totalLimit: 4 }, 'TOTAL_LIMIT_REACHED'],
    ['the per-user limit', { perUserLimit: 4 }, 'USER_LIMIT_REACHED'],
  ])('refuses the whole redemption when one unit would pass %s, and changes nothing', async (_name, limits, code) => {
    await createOffer(t, { points: 1, ...limits });
    await userWithPoints(t, 'ann', 100);
    expect((await redeem(t, 'ann', 'coffee', { metadata: { quantity: 3 } })).statusCode).toBe(200);
    const refused = await redeem(t, 'ann', 'coffee', { metadata: { quantity: 2 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ statusCode: 400, code });
    expect(await balance(t, 'ann')).toBe(97);
    expect(await coupons('ann')).toHaveLength(3);
    expect((await stats()).totalStatistics.redeemed).toBe(3);
    expect((await redeem(t, 'ann', 'coffee', { metadata: { quantity: 1 } })).statusCode).toBe(200);
    expect(await balance(t, 'ann')).toBe(96);
  });

  it('refuses the whole redemption when the balance does not cover every unit', async () => {
    await createOffer(t, { points: 30 });
    await userWithPoints(t, 'ann', 80);
    const res = await redeem(t, 'ann', 'coffee', { metadata: { quantity: 3 } });
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'INSUFFICIENT_POINTS' });
    expect(await balance(t, 'ann')).toBe(80);
    expect(await coupons('ann')).toEqual([]);
  });

  it.each([0, 101, 1.5, '2', -1, null])('refuses metadata.quantity %s with 400 INVALID_QUANTITY', async (quantity) => {
    await createOffer(t, { points: 1 });
    await userWithPoints(t, 'ann', 100);
    const res = await redeem(t, 'ann', 'coffee', { metadata: { quantity } });
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'INVALID_QUANTITY' });
    expect(await balance(t, 'ann')).toBe(100);
  });

  it('takes quantity 100 and defaults to 1', async () => {
    await createOffer(t, { points: 1 });
    await userWithPoints(t, 'ann', 150);
    expect((await redeem(t, 'ann', 'coffee', { metadata: { quantity: 100 } })).json().data).toMatchObject({ pointsSpent: 100 });
    const one = (await redeem(t, 'ann', 'coffee')).json().data;
    expect(one).toMatchObject({ pointsSpent: 1, balance: 49 });
    expect(one.coupons).toHaveLength(1);
  });
});
