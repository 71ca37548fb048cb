import { expect, it } from 'vitest';
import { describeSharedApp, type TestContext } from '../../../test/helpers/test-app.js';
import { defineEvent, sendEvent } from '../events/events.test-factory.js';
import { defineCurrency, earn } from '../leaderboards/leaderboards.test-helpers.js';
import { adjust, MARCH, silverAndGold, userTier } from './tiers.test-factory.js';

const project = (t: TestContext) => `/admin/project/${t.projectId}`;

/** The project setting tierCurrency (decision 298): which currency's earnings decide tiers. */
describeSharedApp('tiers: the tier currency', (t) => {
  it('is points by default; PUT sets a currency of the project and GET shows it; an unknown one is 400 and changes nothing', async () => {
    const before = (await t.admin('GET', project(t))).json();
    expect(before.tierCurrency).toBe('points');
    const unknown = await t.admin('PUT', project(t), { name: 'Shop', tierCurrency: 'xp' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'UNKNOWN_CURRENCY' });
    expect((await t.admin('GET', project(t))).json()).toEqual(before);
    expect((await t.admin('PUT', project(t), { name: 'Shop', tierCurrency: 'bad id' })).statusCode).toBe(400);

    await defineCurrency(t, 'xp');
    const put = await t.admin('PUT', project(t), { name: 'Shop', tierCurrency: 'xp' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Shop', tierCurrency: 'xp' });
    expect((await t.admin('GET', project(t))).json().tierCurrency).toBe('xp');
    // Omitted, it keeps its value; `points` sets it back.
    expect((await t.admin('PUT', project(t), { name: 'Shop 2' })).json().tierCurrency).toBe('xp');
    expect((await t.admin('PUT', project(t), { name: 'Shop', tierCurrency: 'points' })).json().tierCurrency).toBe('points');
  });

  it('tierCurrency=xp makes tiers follow xp earnings: points earned count for nothing, xp lifts the tier and its multiplier', async () => {
    await t.setClock(MARCH);
    await silverAndGold(t);
    await defineCurrency(t, 'xp');
    await defineEvent(t, { eventId: 'buy', type: 'FIXED', reward: { default: 10 }, limit: null });
    await t.createUser('bob');
    await adjust(t, 'bob', 600); // gold on points
    expect(await userTier(t, 'bob')).toMatchObject({ currency: 'points', tierId: 'gold', earnedInWindow: 600 });

    expect((await t.admin('PUT', project(t), { name: 'Shop', tierCurrency: 'xp' })).statusCode).toBe(200);
    // bob keeps the tier he holds (a change of the ladder's currency demotes only through the monthly checks).
    expect(await userTier(t, 'bob')).toMatchObject({ currency: 'xp', tierId: 'gold', earnedInWindow: 0 });
    await t.createUser('alice');
    await adjust(t, 'alice', 600);
    expect(await userTier(t, 'alice')).toMatchObject({
      currency: 'xp',
      tierId: null,
      earnedInWindow: 0,
      next: { tierId: 'silver', pointsNeeded: 100 },
    });
    await earn(t, 'alice', 150, { currency: 'xp' });
    expect(await userTier(t, 'alice')).toMatchObject({ currency: 'xp', tierId: 'silver', multiplier: 1.5, earnedInWindow: 150 });
    // The write path reads the same: a tier check decides silver, and an event gets silver's multiplier.
    const check = await t.app.services.writes.submit({ kind: 'tier-check', projectId: t.projectId, userId: 'alice' });
    expect(check).toEqual({ tierId: 'silver' });
    const res = await sendEvent(t, 'alice', { eventId: 'buy' });
    expect(res.json().data.points).toBe(15);
    // More points (a redemption or not) move nothing: alice stays silver.
    await adjust(t, 'alice', 1000);
    expect(await userTier(t, 'alice')).toMatchObject({ tierId: 'silver', earnedInWindow: 150 });
  });

  it('with tierCurrency=xp the xp of an event lifts the tier at once, and the next event gets the multiplier', async () => {
    await t.setClock(MARCH);
    await silverAndGold(t);
    await defineCurrency(t, 'xp');
    expect((await t.admin('PUT', project(t), { name: 'Shop', tierCurrency: 'xp' })).statusCode).toBe(200);
    await defineEvent(t, { eventId: 'visit', reward: { default: 10 }, currencyRewards: { xp: { default: 60 } }, limit: null });
    await t.createUser('carl');
    expect((await sendEvent(t, 'carl', { eventId: 'visit' })).json().data.points).toBe(10); // 60 xp: no tier yet
    // The second visit is paid at no tier (it is the crossing event); its xp (120 in all) lifts carl to silver in its own batch.
    expect((await sendEvent(t, 'carl', { eventId: 'visit' })).json().data.points).toBe(10);
    expect(await userTier(t, 'carl')).toMatchObject({ currency: 'xp', tierId: 'silver', earnedInWindow: 120 });
    expect((await sendEvent(t, 'carl', { eventId: 'visit' })).json().data.points).toBe(15);
  });
});
