import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, DAY, defineEvent, history, NOW, sendEvent } from '../events/events.test-factory.js';
import { adjust, defineCurrency, wallet, XP } from './currencies.test-factory.js';

describeSharedApp('currencies: happy path', (t) => {
  it('lists points first (spendable, the project expiry) and a created currency with its levels', async () => {
    const created = await defineCurrency(t);
    expect(created).toMatchObject({ currencyId: 'xp', spendable: false, pointsExpiry: null, status: 'ACTIVE', levels: XP.levels });
    const list = (await t.admin('GET', '/admin/currency')).json() as Array<{ currencyId: string; spendable: boolean }>;
    expect(list.map((c) => c.currencyId)).toEqual(['points', 'xp']);
    expect(list[0]).toMatchObject({ currencyId: 'points', spendable: true, pointsExpiry: null, levels: [], status: 'ACTIVE' });
    const one = await t.admin('GET', '/admin/currency/xp');
    expect(one.json()).toEqual(created);
    const updated = await t.admin('PUT', '/admin/currency/xp', { ...XP, title: { en: 'XP' }, pointsExpiry: { afterDays: 30 } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ title: { en: 'XP' }, pointsExpiry: { afterDays: 30 } });
  });

  it('pays an event in points and xp, levels up on xp, and keeps the two balances and histories apart', async () => {
    await t.setClock(NOW);
    await defineCurrency(t);
    await defineEvent(t, { eventId: 'purchase', reward: { default: 10 }, currencyRewards: { xp: { default: 60 } } });
    await t.createUser('alice');
    const first = (await sendEvent(t, 'alice', { eventId: 'purchase' })).json().data;
    expect(first.points).toBe(10);
    expect(first.rewards).toEqual([
      { currency: 'points', points: 10 },
      { currency: 'xp', points: 60 },
    ]);
    expect(first.levelUps).toEqual([]);
    const second = (await sendEvent(t, 'alice', { eventId: 'purchase' })).json().data;
    expect(second.levelUps).toEqual([{ currency: 'xp', level: 1, threshold: 100, title: { en: 'Bronze' } }]);
    expect(await balance(t, 'alice')).toBe(20);
    const w = await wallet(t, 'alice');
    expect(w.points).toMatchObject({ balance: 20, lifetime: 20, level: 0, nextLevel: null });
    expect(w.xp).toMatchObject({ balance: 120, pending: 0, lifetime: 120, level: 1, nextLevel: { level: 2, threshold: 250 } });
    expect(await t.app.services.points.ledgerSum(t.projectId, 'alice', 'xp')).toBe(120);
    expect(await t.app.services.points.ledgerSum(t.projectId, 'alice')).toBe(20);

    const points = (await history(t, 'alice')).json() as Array<{ points: number; currency?: string; id: string }>;
    expect(points.map((e) => e.points)).toEqual([10, 10]);
    expect(points.every((e) => e.currency === undefined)).toBe(true);
    const xp = (await history(t, 'alice', '?currency=xp')).json() as Array<{ points: number; currency?: string; id: string }>;
    expect(xp.map((e) => [e.points, e.currency])).toEqual([
      [60, 'xp'],
      [60, 'xp'],
    ]);
    // Ids are unique within a currency: the xp entry of an event has the id of its points entry.
    expect(xp.map((e) => e.id)).toEqual(points.map((e) => e.id));
  });

  it('adjusts another currency (a debit stops at 0) without touching points, and lowering xp keeps the lifetime', async () => {
    await defineCurrency(t);
    await t.createUser('bob');
    const credit = await adjust(t, 'bob', 300, 'xp');
    expect(credit.statusCode).toBe(201);
    expect(credit.json()).toMatchObject({ points: 300, balance: 300, currency: 'xp' });
    const debit = await adjust(t, 'bob', -500, 'xp');
    expect(debit.json()).toMatchObject({ points: -300, balance: 0, currency: 'xp' });
    const w = await wallet(t, 'bob');
    expect(w.points!.balance).toBe(0);
    // Adjustments are corrections, not earnings: they do not raise the lifetime (decision 303).
    expect(w.xp).toMatchObject({ balance: 0, lifetime: 0, level: 0 });
  });

  it('applies tier multipliers, TRANSACTION values, caps and user group rates to each currency', async () => {
    await t.setClock(NOW);
    await defineCurrency(t, { currencyId: 'coins', title: { en: 'Coins' }, spendable: true });
    await defineEvent(t, {
      eventId: 'buy',
      type: 'TRANSACTION',
      rewardValueField: 'amount',
      reward: { default: 1 },
      currencyRewards: { coins: { default: 0.5 } },
      maximumRewards: { coins: 20 },
    });
    await t.createUser('cara');
    const small = (await sendEvent(t, 'cara', { eventId: 'buy', metadata: { amount: 19.99 } })).json().data;
    expect(small.rewards).toEqual([
      { currency: 'points', points: 19 },
      { currency: 'coins', points: 9 },
    ]);
    const big = (await sendEvent(t, 'cara', { eventId: 'buy', metadata: { amount: 100 } })).json().data;
    expect(big.rewards).toEqual([
      { currency: 'points', points: 100 },
      { currency: 'coins', points: 20 },
    ]);
  });

  it('holds another currency pending with the event and releases it with the points', async () => {
    await t.setClock(NOW);
    await defineCurrency(t);
    await defineEvent(t, { eventId: 'order', reward: { default: 5 }, currencyRewards: { xp: { default: 50 } }, pendingDays: 2 });
    await t.createUser('dan');
    await sendEvent(t, 'dan', { eventId: 'order' });
    expect((await wallet(t, 'dan')).xp).toMatchObject({ balance: 0, pending: 50, lifetime: 0 });
    await t.setClock(NOW + 3 * DAY);
    await sendEvent(t, 'dan', { eventId: 'order' });
    const w = await wallet(t, 'dan');
    expect(w.xp).toMatchObject({ balance: 50, pending: 50, lifetime: 50 });
    expect(w.points).toMatchObject({ balance: 5, pending: 5 });
  });

  it('expires another currency by its own setting, with an EXPIRY entry in that currency', async () => {
    await t.setClock(NOW);
    await defineCurrency(t, { currencyId: 'coins', title: { en: 'Coins' }, spendable: true, pointsExpiry: { afterDays: 10 } });
    await t.createUser('eve');
    await adjust(t, 'eve', 40, 'coins');
    expect((await wallet(t, 'eve')).coins!.expiring).toEqual([{ points: 40, expiresAt: Date.UTC(2026, 0, 25, 23, 59, 59, 999) }]);
    await t.setClock(NOW + 12 * DAY);
    await adjust(t, 'eve', 1, 'coins');
    expect((await wallet(t, 'eve')).coins!.balance).toBe(1);
    const entries = (await history(t, 'eve', '?currency=coins')).json() as Array<{ type: string; points: number }>;
    // The EXPIRY entry is written when the batch loads, at the batch's time (the same or a later ms than the adjustment).
    expect(entries.map((e) => `${e.type} ${e.points}`).sort()).toEqual(['ADJUSTMENT 1', 'ADJUSTMENT 40', 'EXPIRY -40']);
  });

  it('pays nothing in an INACTIVE currency and keeps its balance', async () => {
    await defineCurrency(t);
    await defineEvent(t, { eventId: 'visit', reward: { default: 1 }, currencyRewards: { xp: { default: 10 } } });
    await t.createUser('fay');
    await sendEvent(t, 'fay', { eventId: 'visit' });
    await t.admin('PUT', '/admin/currency/xp', { ...XP, status: 'INACTIVE' });
    const res = (await sendEvent(t, 'fay', { eventId: 'visit' })).json().data;
    expect(res.rewards).toEqual([{ currency: 'points', points: 1 }]);
    expect((await wallet(t, 'fay')).xp!.balance).toBe(10);
  });

  it('shows points alone in the wallet of a project without other currencies', async () => {
    await t.createUser('gus');
    await adjust(t, 'gus', 7);
    const res = await t.inject({ method: 'GET', url: '/user/gus/wallet', headers: await t.auth('gus') });
    expect(res.json()).toEqual({
      userId: 'gus',
      balances: [{ currency: 'points', balance: 7, pending: 0, expiring: [], lifetime: 0, level: 0, nextLevel: null }],
    });
  });
});
