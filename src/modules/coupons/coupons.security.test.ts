import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { issueCoupon, useCoupon } from './coupons.test-factory.js';

describeSharedApp('coupons: security', (t) => {
  it('needs a token (401)', async () => {
    expect((await t.inject({ method: 'GET', url: '/user/alice/coupon' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'PUT', url: '/user/alice/coupon/x', payload: { SK: 'COUPON#x' } })).statusCode).toBe(401);
  });

  it("refuses another user's token on the list and the redeem (403), and in the body", async () => {
    await t.createUser('alice');
    const c = await issueCoupon(t, 'alice');
    const mallory = await t.auth('mallory');
    expect((await t.inject({ method: 'GET', url: '/user/alice/coupon', headers: mallory })).statusCode).toBe(403);
    expect((await useCoupon(t, 'alice', c.SK, mallory)).statusCode).toBe(403);
    expect((await useCoupon(t, 'alice', c.SK, await t.auth('alice'), { userId: 'mallory', SK: c.SK })).statusCode).toBe(403);
    expect((await t.admin('GET', `/admin/coupon/${c.couponKey}`)).json().redeemed).toBe(false);
  });

  it('refuses user tokens on /admin/coupon (401)', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/admin/coupon',
      headers: await t.auth('alice'),
      payload: { userId: 'alice', title: 'x', validUntil: 1 },
    });
    expect(res.statusCode).toBe(401);
  });

  it("does not show or redeem another project's coupons", async () => {
    await t.admin('POST', '/admin/project', { projectId: 'other', name: 'Other' });
    await t.createUser('alice', 'other');
    const res = await t.admin('POST', '/admin/coupon', { userId: 'alice', title: 'x', validUntil: Date.UTC(2030, 0, 1) }, 'other');
    expect(res.statusCode).toBe(201);
    const headers = await t.auth('alice');
    expect((await t.inject({ method: 'GET', url: '/user/alice/coupon', headers })).json()).toEqual([]);
    expect((await useCoupon(t, 'alice', res.json().SK, headers)).statusCode).toBe(404);
  });
});
