import { expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { describeSharedApp, type TestContext } from '../../../test/helpers/test-app.js';
import { createOffer, createShop } from './offers.test-factory.js';

const NOW = Date.UTC(2026, 2, 10, 12);
const HOUR = 3_600_000;

/** The feed is kept per project and type (decision 341): what it answers must never be older than the offers. */
describeSharedApp('offer feed kept as text', (t) => {
  const feed = async (app: TestContext['app'] = t.app, query = '') => {
    const res = await app.inject({ method: 'GET', url: `/user/erin/offer/feed${query}`, headers: await t.auth('erin') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // The ids, sorted: offers created in the same millisecond are ordered by id, and the order is not what these tests are about.
    return (res.json() as Array<{ offerId: string }>).map((o) => o.offerId).sort();
  };

  it('follows the clock across validity bounds, forwards and back, without a write in between', async () => {
    await t.setClock(NOW);
    await createOffer(t, { offerId: 'always' });
    await createOffer(t, { offerId: 'later', validFrom: NOW + HOUR });
    await createOffer(t, { offerId: 'ending', validUntil: NOW + 3 * HOUR });
    await t.createUser('erin');
    expect(await feed()).toEqual(['always', 'ending']);
    await t.setClock(NOW + 2 * HOUR);
    expect(await feed()).toEqual(['always', 'ending', 'later']);
    await t.setClock(NOW + 3 * HOUR);
    expect(await feed()).toEqual(['always', 'later']);
    await t.setClock(NOW);
    expect(await feed()).toEqual(['always', 'ending']);
  });

  it('answers every write of an offer or a shop at once, per type', async () => {
    await t.setClock(NOW);
    await createShop(t);
    await createOffer(t, { offerId: 'coffee', shopId: 'cafe' });
    await createOffer(t, { offerId: 'code', type: 'ONLINE', points: 5 });
    await t.createUser('erin');
    expect(await feed()).toEqual(['code', 'coffee']);
    expect(await feed(t.app, '?type=ONLINE')).toEqual(['code']);

    const offer = await t.admin('PUT', '/admin/offer/code', { type: 'ONLINE', points: 7, title: { en: 'Code' }, status: 'INACTIVE' });
    expect(offer.statusCode).toBe(200);
    expect(await feed(t.app, '?type=ONLINE')).toEqual([]);
    const shop = await t.admin('PUT', '/admin/shop/cafe', { name: 'Café Laurel', status: 'INACTIVE' });
    expect(shop.statusCode).toBe(200);
    expect(await feed()).toEqual([]);
    await createOffer(t, { offerId: 'tea' });
    expect(await feed()).toEqual(['tea']);
    expect((await t.admin('DELETE', '/admin/offer/tea')).statusCode).toBe(204);
    expect(await feed()).toEqual([]);
  });

  it('answers a write made through another instance (scale mode: the bus)', async () => {
    if (t.backend !== 'postgres') return;
    await t.setClock(NOW);
    await createOffer(t, { offerId: 'coffee' });
    await t.createUser('erin');
    const other = await buildApp({ config: t.config(), logger: false });
    try {
      expect(await feed(other)).toEqual(['coffee']);
      await createOffer(t, { offerId: 'tea' });
      await expect.poll(() => feed(other), { timeout: 2_000 }).toEqual(['coffee', 'tea']);
    } finally {
      await other.close();
    }
  });
});
