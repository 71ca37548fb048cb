import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, DAY, defineEvent, history, NOW, sendEvent } from '../events/events.test-factory.js';
import { defineAchievement, purchaseLevels, userAchievements } from './achievements.test-factory.js';

/**
 * Issue 29's "Done when", end to end through HTTP on both stores: "First purchase", "100 purchases
 * (bronze 10 / silver 50 / gold 100)" and "7-day streak" unlock as a user's purchases reach them;
 * a new achievement is backfilled to the users who already meet it; rarity is right after a deletion.
 */
describeSharedApp('achievements: the issue’s "done when"', (t) => {
  it('unlocks first purchase, bronze, silver and gold of 100 purchases and a 7-day streak, each once, at the right event', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'purchase', reward: { default: 1 } });
    const streak = await t.admin('POST', '/admin/streak', {
      streakId: 'daily',
      title: { en: 'Daily' },
      timeFrame: 'daily',
      eventIds: ['purchase'],
    });
    expect(streak.statusCode).toBe(201);
    await defineAchievement(t, {
      achievementId: 'first-purchase',
      title: { en: 'First purchase' },
      points: 25,
      criteria: { kind: 'eventCount', eventId: 'purchase', threshold: 1 },
    });
    await defineAchievement(t, {
      achievementId: 'purchases',
      title: { en: '100 purchases' },
      criteria: { kind: 'eventCount', eventId: 'purchase' },
      levels: purchaseLevels(10, 50, 100),
    });
    await defineAchievement(t, {
      achievementId: 'week',
      title: { en: '7-day streak' },
      points: 70,
      criteria: { kind: 'streakLength', streakId: 'daily', threshold: 7 },
    });
    await t.app.services.jobs.runUntilIdle(); // their backfills: nobody meets them yet
    await t.createUser('alice');
    await t.createUser('bob');

    // 100 purchases over 7 days: 15 a day on days 0–5, the last 10 on day 6.
    const unlockedAt = new Map<number, unknown[]>();
    for (let i = 0; i < 100; i++) {
      await t.setClock(NOW + Math.min(6, Math.floor(i / 15)) * DAY + (i % 15) * 60_000);
      const res = await sendEvent(t, 'alice', { eventId: 'purchase' });
      expect(res.statusCode).toBe(200);
      const unlocked = res.json().data.achievements as unknown[];
      if (unlocked.length > 0) unlockedAt.set(i + 1, unlocked);
    }
    expect(Object.fromEntries(unlockedAt)).toEqual({
      1: [{ achievementId: 'first-purchase', level: 1 }],
      10: [{ achievementId: 'purchases', level: 1 }],
      50: [{ achievementId: 'purchases', level: 2 }],
      91: [{ achievementId: 'week', level: 1 }], // the first purchase of day 7
      100: [{ achievementId: 'purchases', level: 3 }],
    });
    // 100 points of purchases; 25 + 10 + 50 + 100 + 70 of achievements, each one history entry.
    expect(await balance(t, 'alice')).toBe(100 + 25 + 10 + 50 + 100 + 70);
    const entries = (await history(t, 'alice', '?limit=1000')).json() as Array<{ type: string; points: number }>;
    expect(
      entries
        .filter((e) => e.type === 'ACHIEVEMENT')
        .map((e) => e.points)
        .sort((a, b) => a - b),
    ).toEqual([10, 25, 50, 70, 100]);
    const mine = Object.fromEntries((await userAchievements(t, 'alice')).map((a) => [a.achievementId, a]));
    expect(mine['first-purchase']).toMatchObject({ unlocked: true, level: 1, progress: 100, nextThreshold: null, rarity: 0.5 });
    expect(mine.purchases).toMatchObject({ level: 3, progress: 100, nextThreshold: null, rarityByLevel: { '1': 0.5, '2': 0.5, '3': 0.5 } });
    expect(mine.week).toMatchObject({ unlocked: true, level: 1, progress: 7, rarity: 0.5 });

    // A new achievement is backfilled to alice, as of her 50th purchase, without points.
    const created = await defineAchievement(t, {
      achievementId: 'fifty',
      points: 5,
      criteria: { kind: 'eventCount', eventId: 'purchase', threshold: 50 },
    });
    await t.app.services.jobs.runUntilIdle();
    const backfill = (await t.admin('GET', '/admin/achievement/fifty/backfill')).json();
    expect(backfill.backfill).toMatchObject({ jobId: created.backfillJobId, status: 'done', usersChecked: 2, liveUsers: 2 });
    const fifty = (await userAchievements(t, 'alice')).find((a) => a.achievementId === 'fifty');
    expect(fifty).toMatchObject({ unlocked: true, backfilled: true, rarity: 0.5 });
    // As of purchase 50 (day 3, the 5th of the day; the test clock runs on from each setting).
    const at = Date.parse(fifty!.unlockedAt as string) - (NOW + 3 * DAY + 4 * 60_000);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(at).toBeLessThan(1000);
    expect(await balance(t, 'alice')).toBe(355);

    // Bob is deleted: alice is every live user, at once and after the deletion job.
    const del = await t.inject({ method: 'DELETE', url: '/user/bob', headers: await t.serviceAuth() });
    expect(del.statusCode).toBe(200);
    const rarity = async () =>
      (await t.inject({ method: 'GET', url: '/achievement/purchases', headers: await t.auth('alice') })).json().rarityByLevel;
    expect(await rarity()).toEqual({ '1': 1, '2': 1, '3': 1 });
    await t.app.services.jobs.runUntilIdle();
    expect(await rarity()).toEqual({ '1': 1, '2': 1, '3': 1 });
  });
});
