import pg from 'pg';
import { beforeEach, expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineAchievement } from '../achievements/achievements.test-factory.js';
import { defineChallenge } from '../challenges/challenges.test-factory.js';
import { defineEvent, NOW, sendEvent } from './events.test-factory.js';
import { defineStreak } from '../streaks/streaks.test-factory.js';

describeSharedApp("write path: a batch waiting for a user's lock holds up no other batch (decision 355)", (t) => {
  beforeEach(() => t.setClock(NOW));

  // SQLite runs one batch at a time on its one connection: there is no second batch to hold up.
  it.skipIf(t.backend !== 'postgres')(
    "answers another user's event while a batch waits for a locked user, with every definition to load again",
    async () => {
      await defineEvent(t, { eventId: 'purchase', reward: { default: 5 } });
      await defineChallenge(t, { challengeId: 'c', goal: 3, points: 10 });
      await defineStreak(t, { streakId: 's', timeFrame: 'weekly' });
      await defineAchievement(t, { achievementId: 'a', criteria: { kind: 'eventCount', eventId: 'purchase', threshold: 2 } });
      await t.createUser('ann');
      await t.createUser('bob');
      const holder = new pg.Client({ connectionString: t.storeUrls().databaseUrl });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('select 1 from users where project_id = $1 and user_id = $2 for update', [t.projectId, 'ann']);
        // Every cache empty: ann's batch loads the definitions behind its wait for her row.
        t.app.platform.bus.reset();
        let annDone = false;
        const ann = sendEvent(t, 'ann', { eventId: 'purchase' }).finally(() => (annDone = true));
        await waitUntil(async () => (await holder.query(LOCK_WAITS, [t.projectId])).rows.length > 0);
        // Bob's batch starts beside the held one (decision 349) and needs the same definitions.
        const bob = await sendEvent(t, 'bob', { eventId: 'purchase' });
        expect(bob.statusCode).toBe(200);
        expect(bob.json().data).toMatchObject({ points: 5, challenges: [{ challengeId: 'c', progress: 1 }] });
        expect(annDone).toBe(false);
        await holder.query('commit');
        expect((await ann).statusCode).toBe(200);
      } finally {
        await holder.query('rollback').catch(() => undefined);
        await holder.end();
      }
    },
  );
});

/** Sessions of this database waiting for a lock, other than the test's own. */
const LOCK_WAITS = `select pid from pg_stat_activity
  where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid() and $1::text is not null`;

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 5));
}
