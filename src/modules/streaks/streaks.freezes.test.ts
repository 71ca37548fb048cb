import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, defineEvent } from '../events/events.test-factory.js';
import { createUserIn } from '../users/users.test-factory.js';
import { at, defineStreak, purchaseAt, userStreak } from './streaks.test-factory.js';

/** Streak freezes (decision 161): banked by grant or milestone, spent automatically on a missed period. */
describeSharedApp('streaks: freezes', (t) => {
  async function setup(streak: Record<string, unknown>) {
    await t.setClock(at('2026-01-01T08:00:00Z'));
    await defineEvent(t, { eventId: 'purchase', reward: { default: 1 } });
    await defineStreak(t, { streakId: 's', ...streak });
    await t.createUser('alice');
  }
  const grant = (userId: string, count: unknown, streakId = 's') =>
    t.admin('POST', `/admin/user/${userId}/streak/${streakId}/freeze`, { count });

  it('stores the freeze rule on the definition', async () => {
    await setup({ freezes: { max: 2 } });
    expect((await t.admin('GET', '/admin/streak/s')).json().freezes).toEqual({ max: 2, earnEveryMilestone: false });
    const put = await t.admin('PUT', '/admin/streak/s', {
      title: { de: 'S', en: 'S' },
      timeFrame: 'daily',
      eventIds: ['purchase'],
      freezes: { max: 3, earnEveryMilestone: true },
    });
    expect(put.json().freezes).toEqual({ max: 3, earnEveryMilestone: true });
    const off = await t.admin('PUT', '/admin/streak/s', {
      title: { de: 'S', en: 'S' },
      timeFrame: 'daily',
      eventIds: ['purchase'],
      freezes: null,
    });
    expect(off.json().freezes).toBeNull();
  });

  it('covers a missed day with a granted freeze at the next event, and the read shows it', async () => {
    await setup({ freezes: { max: 2 }, milestones: [{ count: 3, points: 30 }] });
    await purchaseAt(t, 'alice', at('2026-01-05T10:00:00Z'));
    const granted = await grant('alice', 1);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({ userId: 'alice', streakId: 's', granted: 1, freezes: { available: 1, used: 0, max: 2 } });
    const next = await purchaseAt(t, 'alice', at('2026-01-07T10:00:00Z')); // the 6th is missed
    expect(next.streaks[0]).toMatchObject({ currentCount: 3, milestoneReached: true, pointsAwarded: 30 });
    expect(await userStreak(t, 'alice', 's')).toMatchObject({
      currentCount: 3,
      missedCount: 0,
      completedDates: ['2026-01-05', '2026-01-07'],
      frozenDates: ['2026-01-06'],
      freezes: { available: 0, used: 1 },
    });
    expect(await balance(t, 'alice')).toBe(2 + 30);
  });

  it('breaks the run when the gap is longer than the bank, spending the freezes it has', async () => {
    await setup({ freezes: { max: 5 } });
    await purchaseAt(t, 'alice', at('2026-01-05T10:00:00Z'));
    await grant('alice', 1);
    await purchaseAt(t, 'alice', at('2026-01-08T10:00:00Z')); // the 6th and 7th are missed
    expect(await userStreak(t, 'alice', 's')).toMatchObject({
      currentCount: 1,
      missedCount: 1,
      frozenDates: ['2026-01-06'],
      freezes: { available: 0, used: 1 },
    });
  });

  it('caps the bank at max, earns a freeze per milestone, and banks a grant made before the first event', async () => {
    await setup({ freezes: { max: 2, earnEveryMilestone: true }, milestones: [{ count: 2, points: 0 }] });
    expect((await grant('alice', 5)).json()).toMatchObject({ granted: 2, freezes: { available: 2, used: 0, max: 2 } });
    expect((await t.inject({ method: 'GET', url: '/user/alice/streak', headers: await t.auth('alice') })).json()).toEqual({
      streaks: [],
      count: 0,
    });
    await purchaseAt(t, 'alice', at('2026-01-05T10:00:00Z'));
    await purchaseAt(t, 'alice', at('2026-01-07T10:00:00Z')); // covers the 6th (bank 1), reaches milestone 2 (bank 2)
    expect(await userStreak(t, 'alice', 's')).toMatchObject({
      currentCount: 3,
      freezes: { available: 2, used: 1 },
      frozenDates: ['2026-01-06'],
    });
    expect((await grant('alice', 1)).json()).toMatchObject({ granted: 0, freezes: { available: 2 } });
  });

  it('covers a missed local day of a user in Auckland', async () => {
    await setup({ freezes: { max: 1 } });
    await createUserIn(t, 'kiri', 'Pacific/Auckland');
    await purchaseAt(t, 'kiri', at('2026-01-05T10:30:00Z')); // 5 Jan 23:30 NZDT
    await grant('kiri', 1);
    await purchaseAt(t, 'kiri', at('2026-01-06T11:30:00Z')); // 7 Jan 00:30 NZDT: the 6th is missed
    expect(await userStreak(t, 'kiri', 's')).toMatchObject({
      currentCount: 3,
      completedDates: ['2026-01-05', '2026-01-07'],
      frozenDates: ['2026-01-06'],
    });
  });

  it('refuses grants that cannot apply, changing nothing', async () => {
    await setup({});
    await defineStreak(t, { streakId: 'f', freezes: { max: 1 } });
    const noRule = await grant('alice', 1);
    expect(noRule.statusCode).toBe(400);
    expect(noRule.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.any(String), code: 'FREEZES_NOT_ENABLED' });
    expect((await grant('alice', 1, 'nope')).json()).toMatchObject({ statusCode: 404, code: 'STREAK_NOT_FOUND' });
    expect((await grant('ghost', 1, 'f')).json()).toMatchObject({ statusCode: 404, code: 'USER_NOT_FOUND' });
    for (const count of [0, -1, 1.5, 'two', 1001]) expect((await grant('alice', count, 'f')).statusCode).toBe(400);
    const badRule = await t.admin('POST', '/admin/streak', {
      title: { de: 'S', en: 'S' },
      timeFrame: 'daily',
      eventIds: ['purchase'],
      freezes: { max: 0 },
    });
    expect(badRule.statusCode).toBe(400);
    const user = await t.inject({
      method: 'POST',
      url: '/admin/user/alice/streak/f/freeze',
      headers: await t.auth('alice'),
      payload: { count: 1 },
    });
    expect(user.statusCode).toBe(401);
    await purchaseAt(t, 'alice', at('2026-01-05T10:00:00Z'));
    expect(await userStreak(t, 'alice', 'f')).toMatchObject({ freezes: { available: 0, used: 0 } });
  });
});
