import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, createOffer, createShop, redeem, userWithPoints } from './offers.test-factory.js';

/** Offers and their shops (decision 083): an offer names an existing shop; an INACTIVE shop's offers are not offered. */
describeSharedApp('offers: the rules of shops', (t) => {
  const feed = async (userId: string) =>
    (await t.inject({ method: 'GET', url: `/user/${userId}/offer/feed`, headers: await t.auth(userId) }))
      .json()
      .map((o: { offerId: string }) => o.offerId);
  const redeemable = async (userId: string, offerId: string) =>
    (await t.inject({ method: 'GET', url: `/user/${userId}/offer/${offerId}/redeemable`, headers: await t.auth(userId) })).json();
  const setShopStatus = async (status: 'ACTIVE' | 'INACTIVE') => {
    expect((await t.admin('PUT', '/admin/shop/cafe', { name: 'Café Laurel', status })).statusCode).toBe(200);
  };

  it('refuses an offer that names a shop that does not exist with 400, and creates or changes nothing', async () => {
    const created = await t.admin('POST', '/admin/offer', { offerId: 'coffee', points: 30, title: { en: 'Coffee' }, shopId: 'nowhere' });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'UNKNOWN_SHOP',
      message: expect.stringContaining('nowhere'),
    });
    expect((await t.admin('GET', '/admin/offer')).json()).toEqual([]);

    await createOffer(t);
    const moved = await t.admin('PUT', '/admin/offer/coffee', { points: 30, title: { en: 'Coffee' }, shopId: 'nowhere' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().code).toBe('UNKNOWN_SHOP');
    expect((await t.admin('GET', '/admin/offer/coffee')).json().shopId).toBeNull();

    await createShop(t);
    expect((await t.admin('PUT', '/admin/offer/coffee', { points: 30, title: { en: 'Coffee' }, shopId: 'cafe' })).json().shopId).toBe(
      'cafe',
    );
    expect((await createOffer(t, { offerId: 'tea', shopId: 'cafe' })).shopId).toBe('cafe');
  });

  it('does not offer the offers of an INACTIVE shop and refuses their redemption with OFFER_INACTIVE', async () => {
    await createShop(t);
    await createOffer(t, { shopId: 'cafe', points: 10 });
    await createOffer(t, { offerId: 'online', points: 10 });
    await userWithPoints(t, 'alice', 50);
    expect(await feed('alice')).toEqual(['coffee', 'online']);

    await setShopStatus('INACTIVE');
    expect(await feed('alice')).toEqual(['online']);
    expect(await redeemable('alice', 'coffee')).toEqual({ redeemable: false, reason: 'OFFER_INACTIVE', points: 50, cost: 10 });
    const refused = await redeem(t, 'alice', 'coffee');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ statusCode: 400, code: 'OFFER_INACTIVE' });
    expect(await balance(t, 'alice')).toBe(50);
    expect((await t.inject({ method: 'GET', url: '/user/alice/coupon', headers: await t.auth('alice') })).json()).toEqual([]);
    // The offer itself can still be looked up.
    expect((await t.inject({ method: 'GET', url: '/offer/coffee', headers: await t.auth('alice') })).statusCode).toBe(200);

    await setShopStatus('ACTIVE');
    expect(await feed('alice')).toEqual(['coffee', 'online']);
    expect((await redeem(t, 'alice', 'coffee')).statusCode).toBe(200);
  });

  it('refuses to delete a shop that offers still name with 409, and deletes it once they are gone', async () => {
    await createShop(t);
    await createOffer(t, { shopId: 'cafe' });
    const refused = await t.admin('DELETE', '/admin/shop/cafe');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ statusCode: 409, error: 'Conflict', code: 'SHOP_IN_USE' });
    expect((await t.admin('GET', '/admin/shop/cafe')).statusCode).toBe(200);

    expect((await t.admin('DELETE', '/admin/offer/coffee')).statusCode).toBe(204);
    expect((await t.admin('DELETE', '/admin/shop/cafe')).statusCode).toBe(204);
    expect((await t.admin('DELETE', '/admin/shop/cafe')).statusCode).toBe(404);
  });

  it('never leaves an offer pointing at a deleted shop when offers are created while the shop is deleted', async () => {
    for (let round = 0; round < 5; round++) {
      const shopId = `shop${round}`;
      await createShop(t, { shopId });
      const results = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) =>
          t.admin('POST', '/admin/offer', { offerId: `o${round}_${i}`, points: 1, title: { en: 'x' }, shopId }),
        ),
        t.admin('DELETE', `/admin/shop/${shopId}`),
      ]);
      const deleted = results[4]!.statusCode === 204;
      const offers = results.slice(0, 4).filter((r) => r.statusCode === 201);
      expect(results.every((r) => [201, 204, 400, 409].includes(r.statusCode))).toBe(true);
      if (deleted) expect(offers).toEqual([]);
      else expect(results[4]!.statusCode).toBe(409);
    }
    const shops = new Set((await t.admin('GET', '/admin/shop')).json().map((s: { shopId: string }) => s.shopId));
    for (const offer of (await t.admin('GET', '/admin/offer')).json()) expect(shops.has(offer.shopId)).toBe(true);
  });
});
