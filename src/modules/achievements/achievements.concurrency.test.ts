import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, defineEvent, history, NOW, sendEvent } from '../events/events.test-factory.js';
import { defineAchievement, purchaseLevels, userAchievement } from './achievements.test-factory.js';

describeSharedApp('achievements: concurrent unlocks', (t) => {
  it('unlocks each level once and pays it once under 20 concurrent events of one user', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'purchase', reward: { default: 1 } });
    await defineAchievement(t, {
      achievementId: 'p',
      criteria: { kind: 'eventCount', eventId: 'purchase' },
      levels: purchaseLevels(1, 5, 20),
    });
    await t.createUser('alice');
    const results = await Promise.all(Array.from({ length: 20 }, () => sendEvent(t, 'alice', { eventId: 'purchase' })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const unlocks = results.flatMap((r) => r.json().data.achievements as Array<{ level: number }>).map((u) => u.level);
    expect(unlocks.sort()).toEqual([1, 2, 3]);
    expect(await balance(t, 'alice')).toBe(20 + 10 + 50 + 100);
    expect(await t.app.services.points.ledgerSum(t.projectId, 'alice')).toBe(20 + 10 + 50 + 100);
    const entries = (await history(t, 'alice')).json() as Array<{ type: string }>;
    expect(entries.filter((e) => e.type === 'ACHIEVEMENT')).toHaveLength(3);
    expect((await userAchievement(t, 'alice', 'p')).json().achievement).toMatchObject({ level: 3, progress: 20 });
    const rarity = await t.inject({ method: 'GET', url: '/achievement/p', headers: await t.auth('alice') });
    expect(rarity.json().rarityByLevel).toEqual({ '1': 1, '2': 1, '3': 1 });
  });

  it('unlocks once when a backfill and the user’s own events reach the same level at the same time', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'purchase', reward: { default: 1 } });
    await t.createUser('alice');
    await t.createUser('bob');
    for (let i = 0; i < 3; i++) await sendEvent(t, 'alice', { eventId: 'purchase' });
    await defineAchievement(t, {
      achievementId: 'three',
      points: 9,
      backfillPoints: true,
      criteria: { kind: 'eventCount', eventId: 'purchase', threshold: 3 },
    });
    await Promise.all([
      t.app.services.jobs.runUntilIdle(),
      ...Array.from({ length: 5 }, () => sendEvent(t, 'alice', { eventId: 'purchase' })),
      ...Array.from({ length: 3 }, () => sendEvent(t, 'bob', { eventId: 'purchase' })),
    ]);
    await t.app.services.jobs.runUntilIdle();
    for (const user of ['alice', 'bob']) {
      const entries = (await history(t, user)).json() as Array<{ type: string }>;
      expect(
        entries.filter((e) => e.type === 'ACHIEVEMENT'),
        user,
      ).toHaveLength(1);
      expect((await userAchievement(t, user, 'three')).json().achievement.unlockedLevels, user).toHaveLength(1);
    }
    expect(await balance(t, 'alice')).toBe(8 + 9);
    const rarity = await t.inject({ method: 'GET', url: '/achievement/three', headers: await t.auth('alice') });
    expect(rarity.json().rarity).toBe(1);
  });
});
