import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { issueCoupon, useCoupon } from './coupons.test-factory.js';

const JAN = Date.UTC(2026, 0, 15, 12);

describeSharedApp('coupons: happy path', (t) => {
  it('lists nothing as an empty array', async () => {
    const res = await t.inject({ method: 'GET', url: '/v1/user/alice/coupon', headers: await t.auth('alice') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('issues a coupon through the admin API and lists it with the PK/SK shapes', async () => {
    await t.setClock(JAN);
    await t.createUser('alice');
    const issued = await issueCoupon(t, 'alice', { couponKey: 'welcome', metadata: { code: 'ABC' }, validUntil: JAN + 1000_000 });
    expect(issued).toMatchObject({
      PK: 'USER#alice#COUPON',
      SK: 'COUPON#welcome',
      couponKey: 'welcome',
      userId: 'alice',
      redeemed: false,
      offerId: null,
    });
    const res = await t.inject({ method: 'GET', url: '/user/alice/coupon', headers: await t.auth('alice') });
    expect(res.json()).toEqual([
      {
        PK: 'USER#alice#COUPON',
        SK: 'COUPON#welcome',
        couponKey: 'welcome',
        userId: 'alice',
        title: '10% off',
        description: 'On everything',
        validUntil: JAN + 1000_000,
        redeemed: false,
        redeemedAt: null,
        metadata: { code: 'ABC' },
        offerId: null,
        createdAt: expect.any(Number),
      },
    ]);
  });

  it('redeems a coupon selected by the body SK; it then leaves the list', async () => {
    await t.createUser('bob');
    const a = await issueCoupon(t, 'bob', { couponKey: 'a' });
    await issueCoupon(t, 'bob', { couponKey: 'b' });
    // The path id is informative only: the body SK selects the coupon.
    const res = await useCoupon(t, 'bob', 'COUPON#b', undefined, { userId: 'bob', SK: a.SK });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redeemed: true, userId: 'bob', SK: 'COUPON#a' });
    const list = await t.inject({ method: 'GET', url: '/user/bob/coupon', headers: await t.auth('bob') });
    expect(list.json().map((c: { SK: string }) => c.SK)).toEqual(['COUPON#b']);
    const admin = await t.admin('GET', '/admin/coupon/a');
    expect(admin.json()).toMatchObject({ redeemed: true, redeemedAt: expect.any(Number) });
  });

  it('stops listing a coupon once its validUntil has passed', async () => {
    await t.setClock(JAN);
    await t.createUser('carol');
    await issueCoupon(t, 'carol', { couponKey: 'short', validUntil: JAN + 60_000 });
    await issueCoupon(t, 'carol', { couponKey: 'long', validUntil: JAN + 3_600_000 });
    const headers = await t.auth('carol');
    expect((await t.inject({ method: 'GET', url: '/user/carol/coupon', headers })).json()).toHaveLength(2);
    await t.setClock(JAN + 60_000);
    const later = await t.inject({ method: 'GET', url: '/user/carol/coupon', headers });
    expect(later.json().map((c: { couponKey: string }) => c.couponKey)).toEqual(['long']);
  });

  it('lets the operator list, read, update and delete coupons', async () => {
    await t.createUser('dora');
    await t.createUser('erik');
    await issueCoupon(t, 'dora', { couponKey: 'd1' });
    await issueCoupon(t, 'erik', { couponKey: 'e1' });
    expect((await t.admin('GET', '/admin/coupon')).json()).toHaveLength(2);
    expect((await t.admin('GET', '/admin/coupon?userId=dora')).json().map((c: { couponKey: string }) => c.couponKey)).toEqual(['d1']);
    const put = await t.admin('PUT', '/admin/coupon/d1', {
      userId: 'dora',
      title: 'New',
      validUntil: Date.UTC(2031, 0, 1),
      metadata: { x: 1 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      title: 'New',
      description: '',
      validUntil: Date.UTC(2031, 0, 1),
      metadata: { x: 1 },
      redeemed: false,
    });
    expect((await t.admin('DELETE', '/admin/coupon/d1')).statusCode).toBe(204);
    expect((await t.admin('GET', '/admin/coupon/d1')).statusCode).toBe(404);
  });

  it('lets exactly one of 10 simultaneous redeems of one coupon win', async () => {
    await t.createUser('finn');
    const c = await issueCoupon(t, 'finn');
    const results = await Promise.all(Array.from({ length: 10 }, () => useCoupon(t, 'finn', c.SK)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400 && r.json().code === 'COUPON_ALREADY_REDEEMED')).toHaveLength(9);
  });

  it('removes the coupons of a user through deleteUserData, in batches', async () => {
    await t.createUser('gina');
    for (const k of ['g1', 'g2', 'g3']) await issueCoupon(t, 'gina', { couponKey: k });
    const { coupons } = t.app.services;
    expect(await coupons.deleteUserData(t.projectId, 'gina', 2)).toBe(2);
    expect(await coupons.deleteUserData(t.projectId, 'gina', 2)).toBe(1);
    expect(await coupons.deleteUserData(t.projectId, 'gina', 2)).toBe(0);
  });
});
