import { expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { balance, defineEvent } from '../events/events.test-factory.js';
import { createUserIn } from '../users/users.test-factory.js';
import { at, defineStreak, purchaseAt, userStreak } from './streaks.test-factory.js';

/**
 * The daily freeze job (decision 163) covers ended periods with banked freezes, in the user's zone,
 * and the streak after the next event is the same whether the job ran first or not.
 */
describeBackends('streaks: the daily freeze job', (t) => {
  const grant = (userId: string, count: number) => t.admin('POST', `/admin/user/${userId}/streak/s/freeze`, { count });
  const runJobsAt = async (ms: number) => {
    await t.setClock(ms);
    await t.app.services.jobs.runUntilIdle();
  };
  const withoutUser = ({ userId: _u, ...rest }: Record<string, unknown>) => rest;

  /** Users with freezes at the job's time; the event-only twin of each is granted its freezes after the job. */
  async function setup(users: Array<[string, number]>) {
    await t.setClock(at('2026-03-01T12:00:00Z'));
    await defineEvent(t, { eventId: 'purchase', reward: { default: 1 } });
    await defineStreak(t, { streakId: 's', freezes: { max: 3 }, milestones: [{ count: 4, points: 40 }] });
    for (const [userId, freezes] of users) {
      await createUserIn(t, userId, 'America/New_York');
      await purchaseAt(t, userId, at('2026-03-06T17:00:00Z')); // 6 Mar 12:00 EST
      await purchaseAt(t, userId, at('2026-03-07T17:00:00Z')); // 7 Mar 12:00 EST
      if (freezes > 0) await grant(userId, freezes);
    }
  }

  it(
    'covers only the local days that have ended, across the spring DST change, and the next event agrees with the ' + 'event alone',
    async () => {
      await setup([
        ['alice', 2],
        ['bob', 0],
      ]);
      // 8 Mar 22:00 EDT (the 23-hour day of the change): the 8th has not ended for New York.
      await runJobsAt(at('2026-03-09T02:00:00Z'));
      expect(await userStreak(t, 'alice', 's')).toMatchObject({ currentCount: 2, frozenDates: [], freezes: { available: 2, used: 0 } });
      // 9 Mar 22:00 EDT: UTC's 9th has ended too, but New York's 9th has not; only the 8th is covered.
      await runJobsAt(at('2026-03-10T02:00:00Z'));
      expect(await userStreak(t, 'alice', 's')).toMatchObject({
        currentCount: 3,
        missedCount: 0,
        completedDates: ['2026-03-06', '2026-03-07'],
        frozenDates: ['2026-03-08'],
        freezes: { available: 1, used: 1 },
      });
      await grant('bob', 2);

      for (const userId of ['alice', 'bob']) await purchaseAt(t, userId, at('2026-03-10T16:00:00Z')); // 10 Mar 12:00 EDT
      const alice = await userStreak(t, 'alice', 's');
      expect(alice).toMatchObject({
        currentCount: 5,
        frozenDates: ['2026-03-08', '2026-03-09'],
        freezes: { available: 0, used: 2 },
        milestonesClaimed: [4],
      });
      expect(withoutUser(alice)).toEqual(withoutUser(await userStreak(t, 'bob', 's')));
      expect(await balance(t, 'alice')).toBe(3 + 40);
      expect(await balance(t, 'bob')).toBe(3 + 40);
    },
  );

  it('spends a bank shorter than the gap the same way the event would, and a rerun changes nothing', async () => {
    await setup([
      ['carol', 1],
      ['dave', 0],
    ]);
    await runJobsAt(at('2026-03-10T05:00:00Z')); // 10 Mar 01:00 EDT: the 8th and 9th have ended
    // The 9th has ended uncovered: the read shows the run broken (decision 197), as the next event will.
    expect(await userStreak(t, 'carol', 's')).toMatchObject({
      currentCount: 0,
      missedCount: 1,
      frozenDates: ['2026-03-08'],
      freezes: { available: 0, used: 1 },
    });
    expect(await t.app.services.streaks.freezes.coverMissedPeriods(at('2026-03-10T06:00:00Z'))).toBe(0);
    await grant('dave', 1);

    for (const userId of ['carol', 'dave']) await purchaseAt(t, userId, at('2026-03-10T16:00:00Z'));
    const carol = await userStreak(t, 'carol', 's');
    expect(carol).toMatchObject({ currentCount: 1, missedCount: 1, frozenDates: ['2026-03-08'], freezes: { available: 0, used: 1 } });
    expect(withoutUser(carol)).toEqual(withoutUser(await userStreak(t, 'dave', 's')));
  });

  it('covers the autumn DST change in the user zone, and leaves users without freezes or rule alone', async () => {
    await t.setClock(at('2026-10-28T12:00:00Z'));
    await defineEvent(t, { eventId: 'purchase', reward: { default: 1 } });
    await defineStreak(t, { streakId: 's', freezes: { max: 3 } });
    await defineStreak(t, { streakId: 'plain' });
    for (const userId of ['erin', 'finn', 'gus']) {
      await createUserIn(t, userId, 'Europe/Berlin');
      await purchaseAt(t, userId, at('2026-10-24T10:00:00Z'));
    }
    await grant('erin', 3);
    // 25 Oct (the 25-hour day in Berlin) is missed; 26 Oct 00:30 CET is 25 Oct 23:30 UTC.
    await runJobsAt(at('2026-10-25T23:30:00Z'));
    expect(await userStreak(t, 'erin', 's')).toMatchObject({
      currentCount: 2,
      frozenDates: ['2026-10-25'],
      freezes: { available: 2, used: 1 },
    });
    // Without a freeze the missed 25th breaks the run (decision 197).
    expect(await userStreak(t, 'finn', 's')).toMatchObject({
      currentCount: 0,
      missedCount: 1,
      frozenDates: [],
      freezes: { available: 0, used: 0 },
    });
    expect(await userStreak(t, 'erin', 'plain')).toMatchObject({ currentCount: 0, missedCount: 1, frozenDates: [] });
    await grant('gus', 3);
    await purchaseAt(t, 'erin', at('2026-10-26T10:00:00Z'));
    await purchaseAt(t, 'gus', at('2026-10-26T10:00:00Z'));
    expect(withoutUser(await userStreak(t, 'erin', 's'))).toEqual(withoutUser(await userStreak(t, 'gus', 's')));
  });

  it('spends each freeze once when two passes run at the same time (two instances) and when the daily job runs after them', async () => {
    await setup([['hana', 3]]);
    const now = at('2026-03-10T05:00:00Z'); // the 8th and 9th have ended in New York
    await t.setClock(now);
    const bank = t.app.services.streaks.freezes;
    const covers = await Promise.all([bank.coverMissedPeriods(now), bank.coverMissedPeriods(now)]);
    expect(covers.reduce((a, b) => a + b, 0)).toBe(1);
    await t.app.services.jobs.runUntilIdle();
    expect(await userStreak(t, 'hana', 's')).toMatchObject({
      currentCount: 4,
      frozenDates: ['2026-03-08', '2026-03-09'],
      freezes: { available: 1, used: 2 },
    });
  });
});
