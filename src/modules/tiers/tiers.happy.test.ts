import { expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { balance, defineEvent, sendEvent } from '../events/events.test-factory.js';
import { adjust, createTier, MARCH, near, silverAndGold, userTier } from './tiers.test-factory.js';

describeBackends('tiers: happy path', (t) => {
  it('creates, lists, reads, replaces and deletes tiers', async () => {
    const created = await createTier(t, 'gold', 500, 2, { benefits: { de: 'Lounge', en: 'Lounge' } });
    expect(created).toMatchObject({
      tierId: 'gold',
      title: { de: 'gold', en: 'gold' },
      threshold: 500,
      multiplier: 2,
      benefits: { de: 'Lounge', en: 'Lounge' },
    });
    await createTier(t, 'silver', 100, 1.5);
    const list = await t.admin('GET', '/admin/tier');
    expect(list.json().map((x: { tierId: string }) => x.tierId)).toEqual(['silver', 'gold']);
    const put = await t.admin('PUT', '/admin/tier/gold', { title: { en: 'Gold' }, threshold: 400, multiplier: 3 });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ tierId: 'gold', title: { en: 'Gold' }, threshold: 400, multiplier: 3, benefits: {} });
    expect((await t.admin('GET', '/admin/tier/gold')).json()).toMatchObject({ threshold: 400, multiplier: 3 });
    expect((await t.admin('DELETE', '/admin/tier/gold')).statusCode).toBe(204);
    expect((await t.admin('GET', '/admin/tier/gold')).statusCode).toBe(404);
  });

  it('a user without tier points has no tier and sees what the first tier needs', async () => {
    await t.setClock(MARCH);
    await silverAndGold(t);
    await t.createUser('alice');
    await adjust(t, 'alice', 40);
    expect(await userTier(t, 'alice')).toEqual({
      userId: 'alice',
      currency: 'points',
      tierId: null,
      title: null,
      benefits: null,
      multiplier: 1,
      since: null,
      earnedInWindow: 40,
      next: { tierId: 'silver', pointsNeeded: 60 },
    });
  });

  it('reaching a threshold upgrades at once, and the next event is multiplied (floor), then capped by maximumReward', async () => {
    await t.setClock(MARCH);
    await silverAndGold(t);
    await defineEvent(t, { eventId: 'buy', type: 'FIXED', reward: { default: 15 }, limit: null });
    await defineEvent(t, { eventId: 'capped', type: 'FIXED', reward: { default: 15 }, limit: null, maximumReward: 20 });
    await t.createUser('alice');
    await adjust(t, 'alice', 95);
    // The event that crosses the threshold is paid at the tier the user held before it.
    expect((await sendEvent(t, 'alice', { eventId: 'buy' })).json().data.points).toBe(15);
    expect(await userTier(t, 'alice')).toMatchObject({
      tierId: 'silver',
      title: { de: 'silver', en: 'silver' },
      benefits: { en: 'Free delivery' },
      multiplier: 1.5,
      since: near(MARCH),
      earnedInWindow: 110,
      next: { tierId: 'gold', pointsNeeded: 390 },
    });
    expect((await sendEvent(t, 'alice', { eventId: 'buy' })).json().data.points).toBe(22); // floor(15 × 1.5)
    expect((await sendEvent(t, 'alice', { eventId: 'capped' })).json().data).toMatchObject({ points: 20, pointsAwarded: 20 });
    expect(await balance(t, 'alice')).toBe(95 + 15 + 22 + 20);
    expect(await t.app.services.points.ledgerSum('default', 'alice')).toBe(95 + 15 + 22 + 20);
  });

  it('an upgrade inside one batch applies to the later events of that batch', async () => {
    await t.setClock(MARCH);
    await silverAndGold(t);
    await defineEvent(t, { eventId: 'buy', type: 'FIXED', reward: { default: 60 }, limit: null });
    await t.createUser('alice');
    const res = await t.inject({
      method: 'POST',
      url: '/events',
      headers: await t.serviceAuth(),
      payload: { events: [1, 2, 3].map(() => ({ userId: 'alice', eventId: 'buy' })) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { data: { points: number } }) => r.data.points)).toEqual([60, 60, 90]);
  });

  it('keeps the tier through the grace month, then moves down at the monthly check', async () => {
    await t.setClock(MARCH);
    await silverAndGold(t);
    expect(
      (await t.admin('PUT', '/admin/project/default', { name: 'Default project', tierWindow: { months: 1 }, tierGraceMonths: 1 })).json(),
    ).toMatchObject({ tierWindow: { months: 1 }, tierGraceMonths: 1 });
    await t.createUser('alice');
    await adjust(t, 'alice', 120);
    expect(await userTier(t, 'alice')).toMatchObject({ tierId: 'silver', since: near(MARCH), earnedInWindow: 120 });
    // The check of 1 April looks at March (120): still silver, though April has earned nothing yet.
    await t.setClock(Date.UTC(2026, 3, 20));
    expect(await userTier(t, 'alice')).toMatchObject({ tierId: 'silver', since: near(MARCH), earnedInWindow: 0 });
    // The check of 1 May falls short once: kept (grace 1).
    await t.setClock(Date.UTC(2026, 4, 2));
    expect(await userTier(t, 'alice')).toMatchObject({ tierId: 'silver', since: near(MARCH) });
    // Short again on 1 June: down to no tier.
    await t.setClock(Date.UTC(2026, 5, 2));
    expect(await userTier(t, 'alice')).toMatchObject({ tierId: null, since: null, next: { tierId: 'silver', pointsNeeded: 100 } });
    // A batch that touches the user stores the downgrade.
    await adjust(t, 'alice', 5);
    const row = await t.app.platform.db.kysely
      .selectFrom('user_tiers')
      .selectAll()
      .where('user_id', '=', 'alice')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tier_id: null, checked_month: '2026-06' });
  });

  it('offers limited to tiers: others are refused with TIER_REQUIRED, members redeem', async () => {
    await t.setClock(MARCH);
    await silverAndGold(t);
    const offer = await t.admin('POST', '/admin/offer', {
      offerId: 'lounge',
      type: 'LOCAL',
      points: 10,
      title: { en: 'Lounge' },
      tiers: ['gold'],
    });
    expect(offer.statusCode).toBe(201);
    expect(offer.json().tiers).toEqual(['gold']);
    await t.createUser('bob');
    await adjust(t, 'bob', 200);
    const check = await t.inject({ method: 'GET', url: '/user/bob/offer/lounge/redeemable', headers: await t.auth('bob') });
    expect(check.json()).toMatchObject({ redeemable: false, reason: 'TIER_REQUIRED' });
    const refused = await t.inject({ method: 'POST', url: '/user/bob/offer/lounge/redeem', headers: await t.auth('bob'), payload: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'TIER_REQUIRED' });
    expect(await balance(t, 'bob')).toBe(200);
    await adjust(t, 'bob', 300);
    expect(
      (await t.inject({ method: 'GET', url: '/user/bob/offer/lounge/redeemable', headers: await t.auth('bob') })).json(),
    ).toMatchObject({ redeemable: true, reason: null });
    const ok = await t.inject({ method: 'POST', url: '/user/bob/offer/lounge/redeem', headers: await t.auth('bob'), payload: {} });
    expect(ok.statusCode).toBe(200);
    expect(await balance(t, 'bob')).toBe(490);
    // A tier that offers name cannot be deleted.
    expect((await t.admin('DELETE', '/admin/tier/gold')).json()).toMatchObject({ statusCode: 409, code: 'TIER_IN_USE' });
  });
});
