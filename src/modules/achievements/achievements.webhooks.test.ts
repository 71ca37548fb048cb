import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { defineEvent, NOW, sendEvent } from '../events/events.test-factory.js';
import { allowPrivateWebhooks, createWebhook, startReceiver, type Receiver } from '../webhooks/webhooks.test-helpers.js';
import { defineAchievement } from './achievements.test-factory.js';

describeBackends('achievements: webhook messages', (t) => {
  let receiver: Receiver;
  beforeEach(async () => {
    await allowPrivateWebhooks(t);
    await t.setClock(NOW);
    receiver = await startReceiver();
    await defineEvent(t, { eventId: 'buy', reward: { default: 1 } });
    await t.createUser('ann');
  });
  afterEach(() => receiver.close());

  it('sends achievement.unlocked once per level, with the points paid and an ACHIEVEMENT points.changed', async () => {
    await createWebhook(t, { url: receiver.url, events: ['achievement.unlocked', 'points.changed'] });
    await defineAchievement(t, {
      achievementId: 'buyer',
      points: 4,
      criteria: { kind: 'eventCount', eventId: 'buy' },
      levels: [
        { level: 1, threshold: 1 },
        { level: 2, threshold: 2, points: 6 },
      ],
    });
    for (let i = 0; i < 3; i++) await sendEvent(t, 'ann', { eventId: 'buy' });
    await t.app.services.webhooks.dispatcher.runUntilIdle();
    // Deliveries may arrive in any order.
    const unlocked = receiver
      .ofType('achievement.unlocked')
      .map((r) => r.json.data)
      .sort((a, b) => Number(a.level) - Number(b.level));
    expect(unlocked.map((d) => [d.achievementId, d.level, d.pointsAwarded, d.backfilled])).toEqual([
      ['buyer', 1, 4, false],
      ['buyer', 2, 6, false],
    ]);
    expect(unlocked[0]).toMatchObject({ projectId: 'default', userId: 'ann', unlockedAt: expect.any(Number) });
    const entries = receiver
      .ofType('points.changed')
      .map((r) => r.json.data)
      .filter((d) => d.entryType === 'ACHIEVEMENT');
    expect(entries.map((d) => [d.sourceId, d.points]).sort()).toEqual([
      ['buyer', 4],
      ['buyer', 6],
    ]);
  });
});
