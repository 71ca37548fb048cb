import { beforeEach, expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineChallenge } from '../challenges/challenges.test-factory.js';
import { defineStreak } from '../streaks/streaks.test-factory.js';
import { defineEvent, NOW, sendEvent } from './events.test-factory.js';

describeSharedApp("events: an event's batch sends its writes with the COMMIT (decision 353)", (t) => {
  beforeEach(() => t.setClock(NOW));

  it('takes three round trips on PostgreSQL: the users locked, the other loads, then every write with the COMMIT', async () => {
    await defineEvent(t, { eventId: 'purchase', reward: { default: 5 } });
    await defineChallenge(t, { challengeId: 'c', goal: 3, points: 10 });
    await defineStreak(t, { streakId: 's', timeFrame: 'weekly' });
    await t.createUser('sam');
    // The first event of the day reads back the analytics sketches it does not know (decision 352).
    expect((await sendEvent(t, 'sam', { eventId: 'purchase' })).statusCode).toBe(200);
    const before = { ...t.app.services.writes.stats };
    const res = await sendEvent(t, 'sam', { eventId: 'purchase' });
    expect(res.statusCode).toBe(200);
    const after = t.app.services.writes.stats;
    expect(after.batches - before.batches).toBe(1);
    // Every part wrote: points, the challenge's progress, the streak, the boards (and analytics).
    const data = res.json().data;
    expect(data).toMatchObject({ points: 5, challenges: [{ challengeId: 'c', progress: 2 }] });
    expect(data.streaks).toHaveLength(1);
    expect(after.roundTrips - before.roundTrips).toBe(t.app.platform.db.dialect === 'postgres' ? 3 : 0);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain(`laurel_write_batch_round_trips_total ${after.roundTrips}`);
  });
});
