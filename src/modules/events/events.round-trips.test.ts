import { beforeEach, expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineChallenge } from '../challenges/challenges.test-factory.js';
import { defineStreak } from '../streaks/streaks.test-factory.js';
import { createUserIn } from '../users/users.test-factory.js';
import { defineEvent, NOW, sendEvent } from './events.test-factory.js';

describeSharedApp(
  "events: an event's batch sends its loads behind the users' lock and its writes with the COMMIT (decisions 353, 354)",
  (t) => {
    beforeEach(() => t.setClock(NOW));

    it("takes two round trips on PostgreSQL: every load behind the users' lock, then every write with the COMMIT", async () => {
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
      expect(after.roundTrips - before.roundTrips).toBe(t.app.platform.db.dialect === 'postgres' ? 2 : 0);
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.body).toContain(`laurel_write_batch_round_trips_total ${after.roundTrips}`);
    });

    it("counts a limited event in the user's own day, read with the lock: the limit waits for it (one round trip more)", async () => {
      await defineEvent(t, { eventId: 'checkin', reward: { default: 5 }, limit: 1, limitPeriod: 'daily' });
      // NOW is 12:00 UTC on the 15th: 01:00 on the 16th in Auckland (UTC+13 in January).
      await createUserIn(t, 'ana', 'Pacific/Auckland');
      expect((await sendEvent(t, 'ana', { eventId: 'checkin' })).json().data).toMatchObject({ points: 5, limitReached: false });
      const before = { ...t.app.services.writes.stats };
      // Two hours earlier: the 15th in Auckland, another day of the limit, though the same UTC day.
      await t.setClock(NOW - 2 * 3_600_000);
      expect((await sendEvent(t, 'ana', { eventId: 'checkin' })).json().data).toMatchObject({ points: 5, limitReached: false });
      expect((await sendEvent(t, 'ana', { eventId: 'checkin' })).json().data).toMatchObject({ points: 0, limitReached: true });
      const after = t.app.services.writes.stats;
      expect(after.batches - before.batches).toBe(2);
      expect(after.roundTrips - before.roundTrips).toBe(t.app.platform.db.dialect === 'postgres' ? 6 : 0);
    });
  },
);
