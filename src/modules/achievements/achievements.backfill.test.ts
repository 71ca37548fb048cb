import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, DAY, defineEvent, NOW, sendEvent } from '../events/events.test-factory.js';
import { defineAchievement, purchaseLevels, userAchievement } from './achievements.test-factory.js';

describeSharedApp('achievements: backfill', (t) => {
  async function setup(...users: string[]) {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'purchase', reward: { default: 10 } });
    for (const u of users) await t.createUser(u);
  }

  async function job(jobId: string) {
    const res = await t.admin('GET', `/admin/job/${jobId}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { status: string; processed: number };
  }

  it('awards a new achievement to users who already meet it, as of when they met it, without points by default', async () => {
    await setup('alice', 'bob');
    for (let i = 0; i < 3; i++) {
      await t.setClock(NOW + i * DAY);
      await sendEvent(t, 'alice', { eventId: 'purchase' });
    }
    await sendEvent(t, 'bob', { eventId: 'purchase' });
    await t.setClock(NOW + 10 * DAY);
    const created = await defineAchievement(t, {
      achievementId: 'purchases',
      criteria: { kind: 'eventCount', eventId: 'purchase' },
      levels: purchaseLevels(2, 3, 100),
    });
    expect(created.backfillJobId).toEqual(expect.any(String));
    await t.app.services.jobs.runUntilIdle();
    expect(await job(created.backfillJobId as string)).toMatchObject({ status: 'done', processed: 2 });

    const alice = (await userAchievement(t, 'alice', 'purchases')).json().achievement;
    expect(alice).toMatchObject({ unlocked: true, level: 2, progress: 3, nextThreshold: 100, backfilled: true });
    // Unlocked as of the events that met each level (the clock runs on from each setting, so within a second of it).
    const levels = alice.unlockedLevels as Array<{ level: number; unlockedAt: string; backfilled: boolean }>;
    expect(levels.map((l) => [l.level, l.backfilled])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(Date.parse(levels[0]!.unlockedAt) - (NOW + DAY)).toBeGreaterThanOrEqual(0);
    expect(Date.parse(levels[0]!.unlockedAt) - (NOW + DAY)).toBeLessThan(1000);
    expect(Date.parse(levels[1]!.unlockedAt) - (NOW + 2 * DAY)).toBeGreaterThanOrEqual(0);
    expect(Date.parse(levels[1]!.unlockedAt) - (NOW + 2 * DAY)).toBeLessThan(1000);
    expect((await userAchievement(t, 'bob', 'purchases')).json().achievement).toMatchObject({ unlocked: false, progress: 1 });
    // Backfilled unlocks pay nothing unless backfillPoints says so.
    expect(await balance(t, 'alice')).toBe(30);
    // The next event counts on from the backfilled progress, and an unlocked level is not unlocked again.
    const next = await sendEvent(t, 'bob', { eventId: 'purchase' });
    expect(next.json().data.achievements).toEqual([{ achievementId: 'purchases', level: 1 }]);
    expect((await sendEvent(t, 'alice', { eventId: 'purchase' })).json().data.achievements).toEqual([]);
    const rarity = await t.inject({ method: 'GET', url: '/achievement/purchases', headers: await t.auth('bob') });
    expect(rarity.json()).toMatchObject({ rarity: 1, rarityByLevel: { '1': 1, '2': 0.5, '3': 0 } });
  });

  it('pays backfilled unlocks with backfillPoints, and backfills a raised definition again', async () => {
    await setup('alice');
    for (let i = 0; i < 4; i++) await sendEvent(t, 'alice', { eventId: 'purchase' });
    const body = {
      title: { en: 'Four' },
      points: 5,
      backfillPoints: true,
      criteria: { kind: 'eventCount', eventId: 'purchase', threshold: 5 },
    };
    await defineAchievement(t, { ...body, achievementId: 'four' });
    await t.app.services.jobs.runUntilIdle();
    expect((await userAchievement(t, 'alice', 'four')).json().achievement).toMatchObject({ unlocked: false, progress: 4 });
    const lowered = await t.admin('PUT', '/admin/achievement/four', {
      ...body,
      criteria: { ...body.criteria, threshold: 4 },
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    await t.app.services.jobs.runUntilIdle();
    expect((await userAchievement(t, 'alice', 'four')).json().achievement).toMatchObject({ unlocked: true, level: 1 });
    expect(await balance(t, 'alice')).toBe(40 + 5);
  });

  it('backfills streaks, completed challenges and points earned from what is stored', async () => {
    await setup('alice');
    await t.admin('POST', '/admin/streak', { streakId: 'daily', title: { en: 'Daily' }, timeFrame: 'daily', eventIds: ['purchase'] });
    await t.admin('POST', '/admin/challenge', { challengeId: 'buy2', title: { en: 'Two' }, eventId: 'purchase', goal: 2, points: 5 });
    for (let day = 0; day < 3; day++) {
      await t.setClock(NOW + day * DAY);
      await sendEvent(t, 'alice', { eventId: 'purchase' });
    }
    await defineAchievement(t, { achievementId: 'streak3', criteria: { kind: 'streakLength', streakId: 'daily', threshold: 3 } });
    await defineAchievement(t, { achievementId: 'buy2-done', criteria: { kind: 'challengeCompleted', challengeId: 'buy2', threshold: 1 } });
    await defineAchievement(t, { achievementId: 'earned', criteria: { kind: 'lifetimeEarned', threshold: 35 } });
    await t.app.services.jobs.runUntilIdle();
    const list = await t.inject({ method: 'GET', url: '/user/alice/achievement', headers: await t.auth('alice') });
    const byId = Object.fromEntries(list.json().achievements.map((a: { achievementId: string }) => [a.achievementId, a]));
    expect(byId['streak3']).toMatchObject({ unlocked: true, progress: 3 });
    expect(byId['buy2-done']).toMatchObject({ unlocked: true });
    expect(Date.parse(byId['buy2-done'].unlockedAt) - (NOW + DAY)).toBeLessThan(1000);
    expect(Date.parse(byId['buy2-done'].unlockedAt) - (NOW + DAY)).toBeGreaterThanOrEqual(0);
    expect(byId['earned']).toMatchObject({ unlocked: true, progress: 35 });
  });

  it('leaves an inactive achievement alone', async () => {
    await setup('alice');
    await sendEvent(t, 'alice', { eventId: 'purchase' });
    const created = await defineAchievement(t, {
      achievementId: 'off',
      status: 'INACTIVE',
      criteria: { kind: 'eventCount', eventId: 'purchase', threshold: 1 },
    });
    expect(created.backfillJobId).toBeUndefined();
    await t.app.services.jobs.runUntilIdle();
    expect((await userAchievement(t, 'alice', 'off')).statusCode).toBe(404);
  });
});
