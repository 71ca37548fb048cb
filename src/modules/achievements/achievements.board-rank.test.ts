import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, defineEvent, history, NOW, sendEvent } from '../events/events.test-factory.js';
import { defineAchievement, userAchievement } from './achievements.test-factory.js';

const MONTH = new Date(NOW).toISOString().slice(0, 7);

describeSharedApp('achievements: boardRank at the month close', (t) => {
  async function closeMonth() {
    const res = await t.admin('POST', `/admin/season/${MONTH}/close`);
    expect(res.statusCode, res.body).toBe(202);
    await t.app.services.jobs.runUntilIdle();
  }

  it('unlocks "top 2" and "top 1" of the closed month for the users ranked within them, once', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 10 } });
    const users = ['alice', 'bob', 'carol'];
    for (const u of users) await t.createUser(u);
    for (const [i, u] of users.entries()) for (let n = 0; n < 3 - i; n++) await sendEvent(t, u, { eventId: 'buy' });
    await defineAchievement(t, {
      achievementId: 'podium',
      points: 5,
      criteria: { kind: 'boardRank' },
      levels: [
        { level: 1, threshold: 2, title: { en: 'top 2' } },
        { level: 2, threshold: 1, title: { en: 'winner' }, points: 20 },
      ],
    });
    await closeMonth();
    const alice = (await userAchievement(t, 'alice', 'podium')).json().achievement;
    expect(alice).toMatchObject({ unlocked: true, level: 2, progress: 1, nextThreshold: null, backfilled: false });
    expect((await userAchievement(t, 'bob', 'podium')).json().achievement).toMatchObject({ level: 1, progress: 2, nextThreshold: 1 });
    expect((await userAchievement(t, 'carol', 'podium')).json().achievement).toMatchObject({ unlocked: false, progress: 0 });
    expect(await balance(t, 'alice')).toBe(30 + 5 + 20);
    expect(await balance(t, 'bob')).toBe(20 + 5);
    // Closing again changes nothing.
    await t.app.services.monthClose.closeEarly(t.projectId, MONTH).catch(() => undefined);
    await t.app.services.jobs.runUntilIdle();
    const entries = (await history(t, 'alice')).json() as Array<{ type: string }>;
    expect(entries.filter((e) => e.type === 'ACHIEVEMENT')).toHaveLength(2);
    const rarity = await t.inject({ method: 'GET', url: '/achievement/podium', headers: await t.auth('carol') });
    expect(rarity.json().rarityByLevel).toEqual({ '1': 2 / 3, '2': 1 / 3 });
  });

  it('refuses boardRank levels whose rank does not get better as the level rises', async () => {
    const res = await t.admin('POST', '/admin/achievement', {
      title: { en: 'Top' },
      criteria: { kind: 'boardRank', groupId: 'default' },
      levels: [
        { level: 1, threshold: 1 },
        { level: 2, threshold: 10 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_LEVELS');
  });
});
