import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { issueCoupon, useCoupon } from './coupons.test-factory.js';

const JAN = Date.UTC(2026, 0, 15, 12);

describeSharedApp('coupons: refusals', (t) => {
  it('refuses a second redeem with 400', async () => {
    await t.createUser('alice');
    const c = await issueCoupon(t, 'alice');
    expect((await useCoupon(t, 'alice', c.SK)).statusCode).toBe(200);
    const again = await useCoupon(t, 'alice', c.SK);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ statusCode: 400, code: 'COUPON_ALREADY_REDEEMED' });
  });

  it('refuses an expired coupon with 400 and keeps it unredeemed', async () => {
    await t.setClock(JAN);
    await t.createUser('bob');
    const c = await issueCoupon(t, 'bob', { validUntil: JAN + 1000 });
    await t.setClock(JAN + 1000);
    const res = await useCoupon(t, 'bob', c.SK);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('COUPON_EXPIRED');
    expect((await t.admin('GET', `/admin/coupon/${c.couponKey}`)).json().redeemed).toBe(false);
  });

  it('answers 404 for an unknown SK and for a coupon of another user', async () => {
    await t.createUser('carol');
    await t.createUser('dan');
    const dans = await issueCoupon(t, 'dan');
    expect((await useCoupon(t, 'carol', 'COUPON#nothing')).statusCode).toBe(404);
    const other = await useCoupon(t, 'carol', dans.SK);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('COUPON_NOT_FOUND');
    expect((await t.admin('GET', `/admin/coupon/${dans.couponKey}`)).json().redeemed).toBe(false);
  });

  it('answers 400 for a missing or malformed SK and a body userId unlike the path', async () => {
    await t.createUser('erin');
    const c = await issueCoupon(t, 'erin');
    const headers = await t.auth('erin');
    expect((await useCoupon(t, 'erin', c.SK, headers, { userId: 'erin' })).statusCode).toBe(400);
    expect((await useCoupon(t, 'erin', c.SK, headers, { userId: 'erin', SK: c.couponKey })).json().code).toBe('INVALID_SK');
    expect((await useCoupon(t, 'erin', c.SK, headers, { userId: 'erin', SK: c.SK, extra: 1 })).statusCode).toBe(400);
    const mismatch = await useCoupon(t, 'erin', c.SK, await t.serviceAuth(), { userId: 'someone', SK: c.SK });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().code).toBe('USER_MISMATCH');
    expect((await t.admin('GET', `/admin/coupon/${c.couponKey}`)).json().redeemed).toBe(false);
  });

  it('refuses bad admin issues: unknown user 404, bad body 400, taken key 409', async () => {
    await t.createUser('finn');
    expect((await t.admin('POST', '/admin/coupon', { userId: 'ghost', title: 'x', validUntil: 1 })).statusCode).toBe(404);
    for (const body of [
      { userId: 'finn', validUntil: 1 },
      { userId: 'finn', title: 'x' },
      { userId: 'finn', title: 'x', validUntil: 'soon' },
      { userId: 'finn', title: 'x', validUntil: 1, metadata: [] },
    ]) {
      expect((await t.admin('POST', '/admin/coupon', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    await issueCoupon(t, 'finn', { couponKey: 'k' });
    expect((await t.admin('POST', '/admin/coupon', { couponKey: 'k', userId: 'finn', title: 'x', validUntil: 1 })).statusCode).toBe(409);
    expect((await t.admin('GET', '/admin/coupon')).json()).toHaveLength(1);
    expect((await t.admin('PUT', '/admin/coupon/k', { userId: 'other', title: 'x', validUntil: 1 })).statusCode).toBe(400);
    expect((await t.admin('PUT', '/admin/coupon/none', { userId: 'finn', title: 'x', validUntil: 1 })).statusCode).toBe(404);
  });
});
