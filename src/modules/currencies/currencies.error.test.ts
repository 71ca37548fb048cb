import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineEvent, history } from '../events/events.test-factory.js';
import { adjust, defineCurrency, wallet, XP } from './currencies.test-factory.js';

describeSharedApp('currencies: refusals', (t) => {
  it('refuses a taken id (points included), an 11th currency, and levels that do not rise', async () => {
    await defineCurrency(t);
    expect((await t.admin('POST', '/admin/currency', XP)).json()).toMatchObject({ statusCode: 409, code: 'CURRENCY_EXISTS' });
    const points = await t.admin('POST', '/admin/currency', { ...XP, currencyId: 'points' });
    expect(points.json()).toMatchObject({ statusCode: 409, code: 'CURRENCY_EXISTS' });
    const falling = await t.admin('POST', '/admin/currency', {
      ...XP,
      currencyId: 'gems',
      levels: [
        { level: 1, threshold: 100 },
        { level: 2, threshold: 50 },
      ],
    });
    expect(falling.json()).toMatchObject({ statusCode: 400, code: 'INVALID_LEVELS' });
    for (let i = 2; i <= 9; i++) await defineCurrency(t, { currencyId: `c${i}`, title: { en: `c${i}` }, spendable: true });
    const eleventh = await t.admin('POST', '/admin/currency', { currencyId: 'c10', title: { en: 'c10' }, spendable: true });
    expect(eleventh.json()).toMatchObject({ statusCode: 400, code: 'TOO_MANY_CURRENCIES' });
    expect((await t.admin('GET', '/admin/currency')).json()).toHaveLength(10);
  });

  it('refuses to change points through the currency resource, and unknown currencies with 404', async () => {
    const put = await t.admin('PUT', '/admin/currency/points', { title: { en: 'P' }, spendable: true });
    expect(put.json()).toMatchObject({ statusCode: 400, code: 'RESERVED_ID' });
    expect((await t.admin('GET', '/admin/currency/gems')).json()).toMatchObject({ statusCode: 404, code: 'CURRENCY_NOT_FOUND' });
    const update = await t.admin('PUT', '/admin/currency/gems', { title: { en: 'G' }, spendable: true });
    expect(update.json()).toMatchObject({ statusCode: 404, code: 'CURRENCY_NOT_FOUND' });
    const mismatch = await t.admin('PUT', '/admin/currency/xp', { ...XP, currencyId: 'other' });
    expect(mismatch.json()).toMatchObject({ statusCode: 400, code: 'ID_MISMATCH' });
  });

  it('refuses event definitions that pay or cap an unknown currency, or points through currencyRewards', async () => {
    const unknown = await t.admin('POST', '/admin/event', { eventId: 'e1', title: 'E', currencyRewards: { gems: { default: 1 } } });
    expect(unknown.json()).toMatchObject({ statusCode: 400, code: 'UNKNOWN_CURRENCY' });
    const cap = await t.admin('POST', '/admin/event', { eventId: 'e2', title: 'E', maximumRewards: { gems: 1 } });
    expect(cap.json()).toMatchObject({ statusCode: 400, code: 'UNKNOWN_CURRENCY' });
    const points = await t.admin('POST', '/admin/event', { eventId: 'e3', title: 'E', currencyRewards: { points: { default: 1 } } });
    expect(points.json()).toMatchObject({ statusCode: 400, code: 'INVALID_REWARD' });
    expect((await t.admin('GET', '/admin/event')).json()).toEqual([]);
    await defineCurrency(t);
    const negative = await t.admin('POST', '/admin/event', { eventId: 'e4', title: 'E', currencyRewards: { xp: { default: -1 } } });
    expect(negative.statusCode).toBe(400);
    await defineEvent(t, { eventId: 'e5', currencyRewards: { xp: { default: 1 } } });
  });

  it('refuses adjustments and history reads of an unknown currency and changes nothing', async () => {
    await t.createUser('alice');
    const res = await adjust(t, 'alice', 10, 'gems');
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'UNKNOWN_CURRENCY' });
    expect((await history(t, 'alice', '?currency=gems')).json()).toMatchObject({ statusCode: 400, code: 'UNKNOWN_CURRENCY' });
    expect((await history(t, 'alice', '?currency=no%20spaces')).statusCode).toBe(400);
    expect(Object.keys(await wallet(t, 'alice'))).toEqual(['points']);
  });

  it('keeps /admin/currency closed to user tokens and the wallet to other users', async () => {
    const asUser = await t.inject({ method: 'GET', url: '/admin/currency', headers: await t.auth('alice') });
    expect(asUser.statusCode).toBe(401);
    await t.createUser('bob');
    const other = await t.inject({ method: 'GET', url: '/user/bob/wallet', headers: await t.auth('alice') });
    expect(other.statusCode).toBe(403);
    const missing = await t.inject({ method: 'GET', url: '/user/nobody/wallet', headers: await t.serviceAuth() });
    expect(missing.statusCode).toBe(404);
  });

  it('holds the cap of 10 under 20 creations at once: 9 created, 11 refused, never more', async () => {
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.admin('POST', '/admin/currency', { currencyId: `k${i}`, title: { en: `k${i}` }, spendable: true }),
      ),
    );
    expect(all.filter((r) => r.statusCode === 201)).toHaveLength(9);
    expect(all.filter((r) => r.statusCode === 400 && r.json().code === 'TOO_MANY_CURRENCIES')).toHaveLength(11);
    expect((await t.admin('GET', '/admin/currency')).json()).toHaveLength(10);
  });
});
