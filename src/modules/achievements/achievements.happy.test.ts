import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, DAY, defineEvent, history, NOW, sendEvent } from '../events/events.test-factory.js';
import { defineAchievement, purchaseLevels, userAchievement, userAchievements } from './achievements.test-factory.js';

describeSharedApp('achievements: happy path', (t) => {
  async function setup(...users: string[]) {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'purchase', reward: { default: 10 } });
    for (const u of users) await t.createUser(u);
  }

  it('unlocks "first purchase" with the first event, once, with an ACHIEVEMENT history entry', async () => {
    await setup('alice');
    await defineAchievement(t, {
      achievementId: 'first-purchase',
      title: { en: 'First purchase' },
      points: 25,
      criteria: { kind: 'eventCount', eventId: 'purchase', threshold: 1 },
    });
    const first = await sendEvent(t, 'alice', { eventId: 'purchase' });
    expect(first.json().data.achievements).toEqual([{ achievementId: 'first-purchase', level: 1 }]);
    const second = await sendEvent(t, 'alice', { eventId: 'purchase' });
    expect(second.json().data.achievements).toEqual([]);
    expect(await balance(t, 'alice')).toBe(2 * 10 + 25);
    const entries = (await history(t, 'alice')).json() as Array<{ type: string; id: string; points: number; title: unknown }>;
    const unlocks = entries.filter((e) => e.type === 'ACHIEVEMENT');
    expect(unlocks).toHaveLength(1);
    expect(unlocks[0]).toMatchObject({ points: 25, title: { de: 'First purchase', en: 'First purchase' } });
    expect(unlocks[0]!.id).toMatch(/^ACHIEVEMENT#first-purchase#\d+$/);

    const [mine] = await userAchievements(t, 'alice');
    expect(mine).toMatchObject({
      achievementId: 'first-purchase',
      unlocked: true,
      level: 1,
      progress: 2,
      nextThreshold: null,
      backfilled: false,
      rarity: 1,
      rarityByLevel: { '1': 1 },
    });
    expect(Date.parse(mine!.unlockedAt as string)).toBeGreaterThanOrEqual(NOW);
  });

  it('unlocks levels bronze, silver and gold of "100 purchases" as the count reaches each', async () => {
    await setup('alice');
    await defineAchievement(t, {
      achievementId: 'purchases',
      criteria: { kind: 'eventCount', eventId: 'purchase' },
      levels: purchaseLevels(2, 4, 6),
    });
    const unlocked: unknown[] = [];
    for (let i = 1; i <= 7; i++) unlocked.push(...(await sendEvent(t, 'alice', { eventId: 'purchase' })).json().data.achievements);
    expect(unlocked).toEqual([
      { achievementId: 'purchases', level: 1 },
      { achievementId: 'purchases', level: 2 },
      { achievementId: 'purchases', level: 3 },
    ]);
    expect(await balance(t, 'alice')).toBe(7 * 10 + 10 + 50 + 100);
    const res = await userAchievement(t, 'alice', 'purchases');
    expect(res.json().achievement).toMatchObject({ level: 3, progress: 7, nextThreshold: null });
    expect(res.json().achievement.unlockedLevels.map((l: { level: number }) => l.level)).toEqual([1, 2, 3]);
  });

  it('shows progress and the next threshold before the first level', async () => {
    await setup('alice');
    await defineAchievement(t, {
      achievementId: 'purchases',
      criteria: { kind: 'eventCount', eventId: 'purchase' },
      levels: purchaseLevels(),
    });
    for (let i = 0; i < 3; i++) await sendEvent(t, 'alice', { eventId: 'purchase' });
    const res = await userAchievement(t, 'alice', 'purchases');
    expect(res.json().achievement).toMatchObject({ unlocked: false, level: null, unlockedAt: null, progress: 3, nextThreshold: 10 });
  });

  it('adds up a metadata field exactly (metadataSum) and honours its conditions', async () => {
    await setup('alice');
    await defineAchievement(t, {
      achievementId: 'big-spender',
      criteria: {
        kind: 'metadataSum',
        eventId: 'purchase',
        field: 'amount',
        threshold: 50,
        conditions: { type: 'AND', conditions: [{ field: 'store', operator: 'equals', value: 'berlin' }] },
      },
    });
    const amounts = ['12.11', '19.99', '5', '17.90'];
    const stores = ['berlin', 'berlin', 'hamburg', 'berlin'];
    const unlocked: unknown[] = [];
    for (let i = 0; i < amounts.length; i++) {
      const res = await sendEvent(t, 'alice', { eventId: 'purchase', metadata: { amount: amounts[i], store: stores[i] } });
      unlocked.push(...res.json().data.achievements);
    }
    // 12.11 + 19.99 + 17.90 = 50 exactly (the hamburg purchase does not count).
    expect(unlocked).toEqual([{ achievementId: 'big-spender', level: 1 }]);
    expect((await userAchievement(t, 'alice', 'big-spender')).json().achievement.progress).toBe(50);
  });

  it('unlocks a "7-day streak" when the streak reaches 7', async () => {
    await setup('alice');
    const streak = await t.admin('POST', '/admin/streak', {
      streakId: 'daily',
      title: { en: 'Daily' },
      timeFrame: 'daily',
      eventIds: ['purchase'],
    });
    expect(streak.statusCode).toBe(201);
    await defineAchievement(t, { achievementId: 'week', points: 70, criteria: { kind: 'streakLength', streakId: 'daily', threshold: 7 } });
    const unlocked: unknown[] = [];
    for (let day = 0; day < 8; day++) {
      await t.setClock(NOW + day * DAY);
      unlocked.push(...(await sendEvent(t, 'alice', { eventId: 'purchase' })).json().data.achievements);
    }
    expect(unlocked).toEqual([{ achievementId: 'week', level: 1 }]);
    expect((await userAchievement(t, 'alice', 'week')).json().achievement).toMatchObject({ unlocked: true, progress: 8 });
  });

  it('counts completed challenges, single or the steps of a series', async () => {
    await setup('alice');
    for (const [challengeId, step] of [
      ['s1', 1],
      ['s2', 2],
    ] as const) {
      const res = await t.admin('POST', '/admin/challenge', {
        challengeId,
        title: { en: challengeId },
        eventId: 'purchase',
        goal: 1,
        seriesId: 'intro',
        step,
      });
      expect(res.statusCode).toBe(201);
    }
    await defineAchievement(t, { achievementId: 'first-step', criteria: { kind: 'challengeCompleted', challengeId: 's1', threshold: 1 } });
    await defineAchievement(t, { achievementId: 'series', criteria: { kind: 'challengeCompleted', seriesId: 'intro', threshold: 2 } });
    const first = (await sendEvent(t, 'alice', { eventId: 'purchase' })).json().data.achievements;
    expect(first).toEqual([{ achievementId: 'first-step', level: 1 }]);
    const second = (await sendEvent(t, 'alice', { eventId: 'purchase' })).json().data.achievements;
    expect(second).toEqual([{ achievementId: 'series', level: 1 }]);
  });

  it('counts points earned in all (lifetimeEarned), the points of other units included', async () => {
    await setup('alice');
    await defineAchievement(t, { achievementId: 'earner', criteria: { kind: 'lifetimeEarned', currency: 'points', threshold: 30 } });
    await sendEvent(t, 'alice', { eventId: 'purchase' });
    await sendEvent(t, 'alice', { eventId: 'purchase' });
    expect((await userAchievement(t, 'alice', 'earner')).json().achievement).toMatchObject({ unlocked: false, progress: 20 });
    const third = await sendEvent(t, 'alice', { eventId: 'purchase' });
    expect(third.json().data.achievements).toEqual([{ achievementId: 'earner', level: 1 }]);
  });

  it('hides a secret achievement until it is unlocked, and answers rarity from the counts', async () => {
    await setup('alice', 'bob', 'carol', 'dave');
    await defineAchievement(t, {
      achievementId: 'hidden',
      secret: true,
      criteria: { kind: 'eventCount', eventId: 'purchase', threshold: 2 },
    });
    await defineAchievement(t, { achievementId: 'open', criteria: { kind: 'eventCount', eventId: 'purchase', threshold: 1 } });
    await sendEvent(t, 'alice', { eventId: 'purchase' });
    expect((await userAchievements(t, 'alice')).map((a) => a.achievementId)).toEqual(['open']);
    expect((await userAchievement(t, 'alice', 'hidden')).statusCode).toBe(404);
    await sendEvent(t, 'alice', { eventId: 'purchase' });
    await sendEvent(t, 'bob', { eventId: 'purchase' });
    expect((await userAchievements(t, 'alice')).map((a) => a.achievementId)).toEqual(['hidden', 'open']);

    const open = await t.inject({ method: 'GET', url: '/achievement/open', headers: await t.auth('carol') });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({ achievementId: 'open', rarity: 0.5, rarityByLevel: { '1': 0.5 } });
    const hidden = await t.inject({ method: 'GET', url: '/achievement/hidden', headers: await t.auth('carol') });
    expect(hidden.statusCode).toBe(404);
    // The operator sees the rarity of every level, secret ones included.
    const list = (await t.admin('GET', '/admin/achievement')).json() as Array<{ achievementId: string; rarityByLevel: unknown }>;
    expect(Object.fromEntries(list.map((a) => [a.achievementId, a.rarityByLevel]))).toEqual({ hidden: { '1': 0.25 }, open: { '1': 0.5 } });
  });

  it('keeps rarity right after a user is deleted', async () => {
    await setup('alice', 'bob');
    await defineAchievement(t, { achievementId: 'open', criteria: { kind: 'eventCount', eventId: 'purchase', threshold: 1 } });
    await sendEvent(t, 'alice', { eventId: 'purchase' });
    const before = await t.inject({ method: 'GET', url: '/achievement/open', headers: await t.auth('bob') });
    expect(before.json().rarity).toBe(0.5);
    const del = await t.inject({ method: 'DELETE', url: '/user/alice', headers: await t.serviceAuth() });
    expect(del.statusCode).toBe(200);
    await t.app.services.jobs.runUntilIdle();
    const after = await t.inject({ method: 'GET', url: '/achievement/open', headers: await t.auth('bob') });
    expect(after.json()).toMatchObject({ rarity: 0, rarityByLevel: { '1': 0 } });
  });

  it('sets hasUnseenAchievements on an unlock and clears it with screenId achievements', async () => {
    await setup('alice');
    await defineAchievement(t, { achievementId: 'open', criteria: { kind: 'eventCount', eventId: 'purchase', threshold: 1 } });
    const overview = async () =>
      (await t.inject({ method: 'GET', url: '/user/alice/notifications/overview', headers: await t.auth('alice') })).json();
    expect((await overview()).hasUnseenAchievements).toBe(false);
    await sendEvent(t, 'alice', { eventId: 'purchase' });
    expect((await overview()).hasUnseenAchievements).toBe(true);
    await t.setClock(NOW + 1000);
    const seen = await t.inject({
      method: 'PUT',
      url: '/user/alice/notifications/overview',
      headers: await t.auth('alice'),
      payload: { screenId: 'achievements' },
    });
    expect(seen.statusCode).toBe(200);
    expect((await overview()).hasUnseenAchievements).toBe(false);
  });
});
