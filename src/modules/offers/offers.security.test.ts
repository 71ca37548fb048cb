import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, createOffer, createShop, userWithPoints } from './offers.test-factory.js';

describeSharedApp('offers: security', (t) => {
  it('needs a token on every public offer route (401)', async () => {
    await createOffer(t);
    for (const [method, url] of [
      ['GET', '/offer/coffee'],
      ['GET', '/offer/shop/cafe'],
      ['GET', '/user/alice/offer/feed'],
      ['POST', '/user/alice/offer/coffee/redeem'],
      ['GET', '/user/alice/offer/coffee/redeemable'],
    ] as const) {
      const res = await t.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it("refuses to redeem with another user's token (403) and changes nothing", async () => {
    await createOffer(t);
    await userWithPoints(t, 'alice', 100);
    const res = await t.inject({ method: 'POST', url: '/user/alice/offer/coffee/redeem', headers: await t.auth('mallory'), payload: {} });
    expect(res.statusCode).toBe(403);
    expect(await balance(t, 'alice')).toBe(100);
    const check = await t.inject({ method: 'GET', url: '/user/alice/offer/coffee/redeemable', headers: await t.auth('mallory') });
    expect(check.statusCode).toBe(403);
    const feed = await t.inject({ method: 'GET', url: '/user/alice/offer/feed', headers: await t.auth('mallory') });
    expect(feed.statusCode).toBe(403);
  });

  it('lets a service token redeem for a user of its project', async () => {
    await createOffer(t);
    await userWithPoints(t, 'alice', 100);
    const res = await t.inject({ method: 'POST', url: '/user/alice/offer/coffee/redeem', headers: await t.serviceAuth(), payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.balance).toBe(70);
  });

  it('refuses user tokens on the admin resources (401)', async () => {
    const headers = await t.auth('alice');
    for (const url of ['/admin/offer', '/admin/shop']) {
      expect((await t.inject({ method: 'GET', url, headers })).statusCode).toBe(401);
      expect((await t.inject({ method: 'POST', url, headers, payload: { name: 'x', points: 1, title: { en: 'x' } } })).statusCode).toBe(
        401,
      );
    }
  });

  it("keeps projects apart: another project's offers and shops are 404", async () => {
    expect((await t.admin('POST', '/admin/project', { projectId: 'other', name: 'Other' })).statusCode).toBe(201);
    await createOffer(t, {}, 'other');
    expect((await t.admin('POST', '/admin/shop', { shopId: 'cafe', name: 'x' }, 'other')).statusCode).toBe(201);
    await userWithPoints(t, 'alice', 100);
    const headers = await t.auth('alice');
    expect((await t.inject({ method: 'GET', url: '/offer/coffee', headers })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/offer/shop/cafe', headers })).statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: '/user/alice/offer/coffee/redeem', headers, payload: {} })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/user/alice/offer/feed', headers })).json()).toEqual([]);
    expect((await t.admin('GET', '/admin/offer/coffee')).statusCode).toBe(404);
    await createShop(t);
    expect((await t.inject({ method: 'GET', url: '/offer/shop/cafe', headers })).json().name).toBe('Café Laurel');
  });
});
