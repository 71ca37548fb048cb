import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { createOffer, redeem } from '../offers/offers.test-factory.js';
import { adjust, defineCurrency, wallet, XP } from './currencies.test-factory.js';

const COINS = { currencyId: 'coins', title: { en: 'Coins' }, spendable: true };

describeSharedApp('currencies: spending', (t) => {
  it('prices an offer in a spendable currency: the check and the debit use that balance, points stay', async () => {
    await defineCurrency(t, COINS);
    const offer = await createOffer(t, { offerId: 'mug', points: 40, currency: 'coins' });
    expect(offer).toMatchObject({ offerId: 'mug', points: 40, currency: 'coins' });
    await t.createUser('alice');
    await adjust(t, 'alice', 100);
    await adjust(t, 'alice', 30, 'coins');
    const check = await t.inject({ method: 'GET', url: '/user/alice/offer/mug/redeemable', headers: await t.auth('alice') });
    expect(check.json()).toEqual({ redeemable: false, reason: 'INSUFFICIENT_POINTS', points: 30, cost: 40, currency: 'coins' });
    expect((await redeem(t, 'alice', 'mug')).json()).toMatchObject({ statusCode: 400, code: 'INSUFFICIENT_POINTS' });
    await adjust(t, 'alice', 15, 'coins');
    const done = await redeem(t, 'alice', 'mug');
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ pointsSpent: 40, balance: 5, currency: 'coins' });
    const w = await wallet(t, 'alice');
    expect(w.points!.balance).toBe(100);
    expect(w.coins!.balance).toBe(5);
    expect(await t.app.services.points.ledgerSum(t.projectId, 'alice', 'coins')).toBe(5);
    const entries = (await t.inject({ method: 'GET', url: '/user/alice/history?currency=coins', headers: await t.auth('alice') })).json();
    expect(entries[0]).toMatchObject({ type: 'REDEMPTION', points: -40, currency: 'coins' });
  });

  it('refuses an offer priced in a currency that is not spendable or does not exist, and changes nothing', async () => {
    await defineCurrency(t, XP);
    const xp = await t.admin('POST', '/admin/offer', { offerId: 'o1', points: 10, title: { en: 'O' }, currency: 'xp' });
    expect(xp.json()).toMatchObject({ statusCode: 400, code: 'CURRENCY_NOT_SPENDABLE' });
    const gems = await t.admin('POST', '/admin/offer', { offerId: 'o2', points: 10, title: { en: 'O' }, currency: 'gems' });
    expect(gems.json()).toMatchObject({ statusCode: 400, code: 'UNKNOWN_CURRENCY' });
    expect((await t.admin('GET', '/admin/offer/o1')).statusCode).toBe(404);
  });

  it('reads an offer of an INACTIVE currency as OFFER_INACTIVE', async () => {
    await defineCurrency(t, COINS);
    await createOffer(t, { offerId: 'cap', points: 5, currency: 'coins' });
    await t.createUser('bob');
    await adjust(t, 'bob', 50, 'coins');
    await t.admin('PUT', '/admin/currency/coins', { ...COINS, status: 'INACTIVE' });
    expect((await redeem(t, 'bob', 'cap')).json()).toMatchObject({ statusCode: 400, code: 'OFFER_INACTIVE' });
    expect((await wallet(t, 'bob')).coins!.balance).toBe(50);
  });

  it('reverses an entry of another currency by its history id and currency, and bulk-adjusts per currency', async () => {
    await defineCurrency(t, COINS);
    await t.createUser('cy');
    await adjust(t, 'cy', 25);
    await adjust(t, 'cy', 60, 'coins');
    const [entry] = (await t.inject({ method: 'GET', url: '/user/cy/history?currency=coins', headers: await t.auth('cy') })).json();
    const reversal = await t.admin('POST', '/admin/user/cy/reversal', { historyId: entry.id, reason: 'refund', currency: 'coins' });
    expect(reversal.statusCode).toBe(201);
    expect(reversal.json()).toMatchObject({ points: -60, unrecovered: 0, balance: 0, currency: 'coins' });
    const w = await wallet(t, 'cy');
    expect([w.points!.balance, w.coins!.balance]).toEqual([25, 0]);
    // The same id in points names the points entry (ids are unique within a currency).
    const missing = await t.admin('POST', '/admin/user/cy/reversal', { historyId: entry.id, reason: 'refund', currency: 'gems' });
    expect(missing.json()).toMatchObject({ statusCode: 400, code: 'UNKNOWN_CURRENCY' });

    const bulk = await t.admin('POST', '/admin/adjustments/bulk', {
      rows: [
        { userId: 'cy', points: 7, reason: 'x', currency: 'coins' },
        { userId: 'cy', points: -100, reason: 'y' },
      ],
    });
    expect(bulk.json().rows.map((r: { currency?: string; points: number }) => [r.currency ?? 'points', r.points])).toEqual([
      ['coins', 7],
      ['points', -25],
    ]);
    const after = await wallet(t, 'cy');
    expect([after.points!.balance, after.coins!.balance]).toEqual([0, 7]);
    expect(await t.app.services.points.ledgerSum(t.projectId, 'cy', 'coins')).toBe(7);
  });
});
