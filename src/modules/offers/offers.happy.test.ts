import { expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { balance, createOffer, createShop, redeem, userWithPoints } from './offers.test-factory.js';

const JAN = Date.UTC(2026, 0, 15, 12);
const DAY = 86_400_000;

describeBackends('offers: happy path', (t) => {
  it('creates a shop and an offer and shows them with statistics and the shop', async () => {
    await t.setClock(JAN);
    const shop = await createShop(t, { logo: 'https://x.test/logo.png', description: { de: 'Ein Café', en: 'A café' } });
    expect(shop).toMatchObject({
      shopId: 'cafe',
      name: 'Café Laurel',
      status: 'ACTIVE',
      logo: 'https://x.test/logo.png',
      image: null,
      description: { de: 'Ein Café', en: 'A café' },
    });
    const offer = await createOffer(t, { shopId: 'cafe', category: 'drinks', monthlyLimit: 10, totalLimit: 100 });
    expect(offer).toMatchObject({
      offerId: 'coffee',
      type: 'LOCAL',
      points: 30,
      shopId: 'cafe',
      category: 'drinks',
      monthlyLimit: 10,
      totalLimit: 100,
      perUserLimit: null,
      status: 'ACTIVE',
      couponValidityDays: 30,
    });

    const headers = await t.auth('alice');
    const plain = await t.inject({ method: 'GET', url: '/v1/offer/coffee', headers });
    expect(plain.statusCode).toBe(200);
    expect(Object.keys(plain.json())).toEqual(['offer']);
    expect(plain.json().offer).toMatchObject({ offerId: 'coffee', title: { de: 'Kaffee', en: 'Coffee' }, description: {} });

    const full = await t.inject({ method: 'GET', url: '/offer/coffee?includeStatistics=true&includeShop=true', headers });
    expect(full.json().statistics).toEqual({ month: '2026-01', redeemed: 0, limit: 10, remaining: 10 });
    expect(full.json().totalStatistics).toEqual({ redeemed: 0, used: 0, valid: 0, limit: 100, remaining: 100 });
    expect(full.json().shop).toMatchObject({ shopId: 'cafe', name: 'Café Laurel' });

    const shopRes = await t.inject({ method: 'GET', url: '/offer/shop/cafe?includeStatistics=true', headers });
    expect(shopRes.statusCode).toBe(200);
    expect(shopRes.json()).toMatchObject({ shopId: 'cafe', statistics: { offers: 1, redeemed: 0, used: 0 } });
    const noStats = await t.inject({ method: 'GET', url: '/offer/shop/cafe', headers });
    expect(noStats.json().statistics).toBeUndefined();
    const one = await t.inject({ method: 'GET', url: '/offer/coffee?includeStatistics=1&includeShop=false', headers });
    expect(Object.keys(one.json()).sort()).toEqual(['offer', 'statistics', 'totalStatistics']);
  });

  it('redeems: debits the points, issues a coupon, writes a REDEMPTION entry, all in one step', async () => {
    await t.setClock(JAN);
    await createOffer(t, { description: { en: 'One coffee' } });
    await userWithPoints(t, 'alice', 100);
    const res = await redeem(t, 'alice', 'coffee', { metadata: { quantity: 1, context: 'app' } });
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data).toMatchObject({ userId: 'alice', offerId: 'coffee', pointsSpent: 30, balance: 70 });
    expect(data.coupon).toMatchObject({
      PK: 'USER#alice#COUPON',
      title: 'Kaffee',
      description: 'One coffee',
      redeemed: false,
      offerId: 'coffee',
      metadata: { quantity: 1, context: 'app', offerId: 'coffee' },
    });
    expect(data.coupon.SK).toBe(`COUPON#${data.coupon.couponKey}`);
    expect(data.coupon.validUntil - JAN).toBeGreaterThanOrEqual(30 * DAY);
    expect(data.coupon.validUntil - JAN).toBeLessThan(30 * DAY + 60_000);

    expect(await balance(t, 'alice')).toBe(70);
    expect(await t.app.services.points.ledgerSum('default', 'alice')).toBe(70);
    const entry = await t.app.platform.db.kysely
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', 'alice')
      .where('type', '=', 'REDEMPTION')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ source_id: 'coffee', points: -30 });
    expect(JSON.parse(entry.title)).toEqual({ de: 'Kaffee', en: 'Coffee' });
    expect(JSON.parse(entry.metadata!)).toMatchObject({ quantity: 1, context: 'app', couponKey: data.coupon.couponKey });
    const stored = await t.app.platform.db.kysely
      .selectFrom('redemptions')
      .selectAll()
      .where('user_id', '=', 'alice')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.metadata!)).toEqual({ quantity: 1, context: 'app' });

    const coupons = await t.inject({ method: 'GET', url: '/user/alice/coupon', headers: await t.auth('alice') });
    expect(coupons.json()).toHaveLength(1);
    expect(coupons.json()[0].SK).toBe(data.coupon.SK);
  });

  it('redeems with no body at all', async () => {
    await createOffer(t);
    await userWithPoints(t, 'bob', 30);
    const res = await t.inject({ method: 'POST', url: '/user/bob/offer/coffee/redeem', headers: await t.auth('bob') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.balance).toBe(0);
  });

  it('says redeemable with reason null, points and cost, and changes nothing', async () => {
    await createOffer(t);
    await userWithPoints(t, 'carol', 45);
    const res = await t.inject({ method: 'GET', url: '/user/carol/offer/coffee/redeemable', headers: await t.auth('carol') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redeemable: true, reason: null, points: 45, cost: 30 });
    expect(await balance(t, 'carol')).toBe(45);
  });

  it('keeps statistics as counters: redeemed, used, valid, remaining; shop sums its offers', async () => {
    await t.setClock(JAN);
    await createShop(t);
    await createOffer(t, { shopId: 'cafe', monthlyLimit: 5, totalLimit: 8, points: 10 });
    await createOffer(t, { offerId: 'tea', shopId: 'cafe', points: 5 });
    await userWithPoints(t, 'dora', 100);
    const first = (await redeem(t, 'dora', 'coffee')).json().data.coupon;
    await redeem(t, 'dora', 'coffee');
    await redeem(t, 'dora', 'tea');
    const used = await t.inject({
      method: 'PUT',
      url: `/user/dora/coupon/${encodeURIComponent(first.SK)}`,
      headers: await t.auth('dora'),
      payload: { userId: 'dora', SK: first.SK },
    });
    expect(used.statusCode).toBe(200);

    const res = await t.inject({ method: 'GET', url: '/offer/coffee?includeStatistics=true', headers: await t.auth('dora') });
    expect(res.json().statistics).toEqual({ month: '2026-01', redeemed: 2, limit: 5, remaining: 3 });
    expect(res.json().totalStatistics).toEqual({ redeemed: 2, used: 1, valid: 1, limit: 8, remaining: 6 });
    const shop = await t.inject({ method: 'GET', url: '/offer/shop/cafe?includeStatistics=true', headers: await t.auth('dora') });
    expect(shop.json().statistics).toEqual({ offers: 2, redeemed: 3, used: 1 });

    await t.setClock(JAN + 31 * DAY);
    const later = await t.inject({ method: 'GET', url: '/offer/coffee?includeStatistics=true', headers: await t.auth('dora') });
    expect(later.json().statistics).toEqual({ month: '2026-02', redeemed: 0, limit: 5, remaining: 5 });
    expect(later.json().totalStatistics).toEqual({ redeemed: 2, used: 1, valid: 0, limit: 8, remaining: 6 });
  });

  it('lists the feed: active offers valid now, filtered by type', async () => {
    await t.setClock(JAN);
    await createOffer(t, { offerId: 'local1', type: 'LOCAL' });
    await createOffer(t, { offerId: 'online1', type: 'ONLINE' });
    await createOffer(t, { offerId: 'off', type: 'LOCAL', status: 'INACTIVE' });
    await createOffer(t, { offerId: 'ended', type: 'LOCAL', validUntil: JAN - 1 });
    await createOffer(t, { offerId: 'soon', type: 'LOCAL', validFrom: JAN + DAY });
    const headers = await t.auth('erin');
    const all = await t.inject({ method: 'GET', url: '/user/erin/offer/feed', headers });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((o: { offerId: string }) => o.offerId)).toEqual(['local1', 'online1']);
    const local = await t.inject({ method: 'GET', url: '/user/erin/offer/feed?type=LOCAL', headers });
    expect(local.json().map((o: { offerId: string }) => o.offerId)).toEqual(['local1']);
    expect(local.json()[0]).toMatchObject({ type: 'LOCAL', points: 30, title: { de: 'Kaffee', en: 'Coffee' } });
    await t.setClock(JAN + 2 * DAY);
    const later = await t.inject({ method: 'GET', url: '/user/erin/offer/feed?type=LOCAL', headers });
    expect(later.json().map((o: { offerId: string }) => o.offerId)).toEqual(['local1', 'soon']);
  });

  it('resets the monthly limit at the start of the next UTC month', async () => {
    await t.setClock(Date.UTC(2026, 0, 31, 23, 59));
    await createOffer(t, { monthlyLimit: 1, points: 1 });
    await userWithPoints(t, 'finn', 10);
    expect((await redeem(t, 'finn', 'coffee')).statusCode).toBe(200);
    const refused = await redeem(t, 'finn', 'coffee');
    expect(refused.json().code).toBe('MONTHLY_LIMIT_REACHED');
    await t.setClock(Date.UTC(2026, 1, 1, 0, 0, 1));
    expect((await redeem(t, 'finn', 'coffee')).statusCode).toBe(200);
    expect(await balance(t, 'finn')).toBe(8);
  });

  it('updates and deletes offers and shops through the admin API', async () => {
    await createShop(t);
    await createOffer(t);
    const put = await t.admin('PUT', '/admin/offer/coffee', { type: 'ONLINE', points: 40, title: { en: 'Coffee' }, status: 'INACTIVE' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      offerId: 'coffee',
      type: 'ONLINE',
      points: 40,
      status: 'INACTIVE',
      totalStatistics: { redeemed: 0 },
    });
    expect((await t.admin('GET', '/admin/offer')).json()).toHaveLength(1);
    expect((await t.admin('GET', '/admin/offer/coffee')).json().points).toBe(40);
    expect((await t.admin('DELETE', '/admin/offer/coffee')).statusCode).toBe(204);
    expect((await t.admin('GET', '/admin/offer/coffee')).statusCode).toBe(404);

    const shop = await t.admin('PUT', '/admin/shop/cafe', { name: 'Renamed', status: 'INACTIVE' });
    expect(shop.json()).toMatchObject({ shopId: 'cafe', name: 'Renamed', status: 'INACTIVE' });
    expect((await t.admin('GET', '/admin/shop')).json()).toHaveLength(1);
    expect((await t.admin('DELETE', '/admin/shop/cafe')).statusCode).toBe(204);
    expect((await t.admin('GET', '/admin/shop/cafe')).statusCode).toBe(404);
  });

  it('generates ids when omitted', async () => {
    const offer = await t.admin('POST', '/admin/offer', { points: 1, title: { en: 'x' } });
    expect(offer.json().offerId).toMatch(/^offer_[a-z0-9]{10}$/);
    expect(offer.json().type).toBe('ONLINE');
    const shop = await t.admin('POST', '/admin/shop', { name: 'x' });
    expect(shop.json().shopId).toMatch(/^shop_[a-z0-9]{10}$/);
  });

  it('removes the redemption records and per-user counters of a user; offer counters keep their counts', async () => {
    await createOffer(t, { points: 1, perUserLimit: 5 });
    await createOffer(t, { offerId: 'tea', points: 1 });
    await userWithPoints(t, 'gus', 10);
    await redeem(t, 'gus', 'coffee');
    await redeem(t, 'gus', 'coffee');
    await redeem(t, 'gus', 'tea');
    const { redemption } = t.app.services;
    // 3 redemption rows, then 2 per-user counters.
    expect(await redemption.deleteUserData('default', 'gus', 2)).toBe(2);
    expect(await redemption.deleteUserData('default', 'gus', 2)).toBe(2);
    expect(await redemption.deleteUserData('default', 'gus', 2)).toBe(1);
    expect(await redemption.deleteUserData('default', 'gus', 2)).toBe(0);
    const stats = await t.inject({ method: 'GET', url: '/offer/coffee?includeStatistics=true', headers: await t.auth('gus') });
    expect(stats.json().totalStatistics.redeemed).toBe(2);
    const check = await t.inject({ method: 'GET', url: '/user/gus/offer/coffee/redeemable', headers: await t.auth('gus') });
    expect(check.json()).toEqual({ redeemable: true, reason: null, points: 7, cost: 1 });
  });
});
