import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, createOffer, redeem, userWithPoints } from './offers.test-factory.js';

/** Limits and the balance are enforced by the database: simultaneous requests cannot overshoot them. */
describeSharedApp('offers: concurrent redemptions', (t) => {
  it('40 simultaneous redemptions by a user whose balance covers 7: exactly 7 succeed, the balance is exact', async () => {
    await createOffer(t, { points: 10 });
    await userWithPoints(t, 'alice', 75);
    const results = await Promise.all(Array.from({ length: 40 }, () => redeem(t, 'alice', 'coffee')));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(7);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused.every((r) => r.statusCode === 400 && r.json().code === 'INSUFFICIENT_POINTS')).toBe(true);
    expect(await balance(t, 'alice')).toBe(5);
    expect(await t.app.services.points.ledgerSum(t.projectId, 'alice')).toBe(5);
    const coupons = await t.inject({ method: 'GET', url: '/user/alice/coupon', headers: await t.auth('alice') });
    expect(coupons.json()).toHaveLength(7);
    const stats = await t.inject({ method: 'GET', url: '/offer/coffee?includeStatistics=true', headers: await t.auth('alice') });
    expect(stats.json().totalStatistics.redeemed).toBe(7);
    expect(stats.json().statistics.redeemed).toBe(7);
  });

  it('totalLimit 5 with 30 simultaneous redeemers: exactly 5 succeed', async () => {
    await createOffer(t, { points: 10, totalLimit: 5 });
    const users = Array.from({ length: 30 }, (_, i) => `u${i}`);
    for (const u of users) await userWithPoints(t, u, 10);
    const results = await Promise.all(users.map((u) => redeem(t, u, 'coffee')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused.every((r) => r.statusCode === 400 && r.json().code === 'TOTAL_LIMIT_REACHED')).toBe(true);
    const winners = results.flatMap((r, i) => (r.statusCode === 200 ? [users[i]!] : []));
    for (const u of users) {
      const expected = winners.includes(u) ? 0 : 10;
      expect(await balance(t, u)).toBe(expected);
      expect(await t.app.services.points.ledgerSum(t.projectId, u)).toBe(expected);
    }
    const stats = await t.inject({ method: 'GET', url: '/offer/coffee?includeStatistics=true', headers: await t.auth('u0') });
    expect(stats.json().totalStatistics).toMatchObject({ redeemed: 5, valid: 5, limit: 5, remaining: 0 });
  });

  it('monthlyLimit 3 and perUserLimit 2 hold under simultaneous redemptions', async () => {
    await createOffer(t, { points: 1, monthlyLimit: 3 });
    await createOffer(t, { offerId: 'tea', points: 1, perUserLimit: 2 });
    await userWithPoints(t, 'bob', 100);
    await userWithPoints(t, 'carl', 100);
    const monthly = await Promise.all([
      ...Array.from({ length: 10 }, () => redeem(t, 'bob', 'coffee')),
      ...Array.from({ length: 10 }, () => redeem(t, 'carl', 'coffee')),
    ]);
    expect(monthly.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const perUser = await Promise.all(Array.from({ length: 12 }, () => redeem(t, 'bob', 'tea')));
    expect(perUser.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(perUser.filter((r) => r.statusCode === 400).every((r) => r.json().code === 'USER_LIMIT_REACHED')).toBe(true);
    const bob = await balance(t, 'bob');
    const carl = await balance(t, 'carl');
    expect(bob + carl).toBe(200 - 3 - 2);
    expect(await t.app.services.points.ledgerSum(t.projectId, 'bob')).toBe(bob);
    expect(await t.app.services.points.ledgerSum(t.projectId, 'carl')).toBe(carl);
  });

  it('totalLimit 7 with 20 simultaneous redemptions of 2 units: exactly 3 succeed, 6 units in all', async () => {
    await createOffer(t, { points: 5, totalLimit: 7 });
    const users = Array.from({ length: 20 }, (_, i) => `q${i}`);
    for (const u of users) await userWithPoints(t, u, 10);
    const results = await Promise.all(users.map((u) => redeem(t, u, 'coffee', { metadata: { quantity: 2 } })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused.every((r) => r.statusCode === 400 && r.json().code === 'TOTAL_LIMIT_REACHED')).toBe(true);
    for (const [i, u] of users.entries()) {
      const expected = results[i]!.statusCode === 200 ? 0 : 10;
      expect(await balance(t, u)).toBe(expected);
      expect(await t.app.services.points.ledgerSum(t.projectId, u)).toBe(expected);
    }
    const stats = await t.inject({ method: 'GET', url: '/offer/coffee?includeStatistics=true', headers: await t.auth('q0') });
    expect(stats.json().totalStatistics).toMatchObject({ redeemed: 6, valid: 6, limit: 7, remaining: 1 });
  });
});
