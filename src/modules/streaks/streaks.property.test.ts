import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineEvent, sendEvent } from '../events/events.test-factory.js';
import { periodDateKey, periodOf, periodStart } from './streak-periods.js';
import { streakFromPeriods, type StreakState } from './streak-state.js';
import { at, defineStreak, userStreak } from './streaks.test-factory.js';

const NOW = at('2027-01-31T12:00:00Z');

/** The naive read as of now (decision 197): a run whose latest period is before the previous one is broken. */
function asOfNow(state: StreakState, current: number): StreakState {
  const last = state.periods[state.periods.length - 1]!;
  if (last >= current - 1) return state;
  return { ...state, currentCount: 0, milestonesClaimed: [], missedCount: state.missedCount + current - 1 - last };
}

describeSharedApp('streaks: end to end against the naive recomputation', (t) => {
  it('shows, after offline events in any order, the state computed from the set of their days', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'purchase', reward: { default: 1 } });
    await defineStreak(t, {
      streakId: 'd',
      milestones: [
        { count: 2, points: 1 },
        { count: 5, points: 1 },
      ],
    });
    await defineStreak(t, { streakId: 'w', timeFrame: 'weekly', milestones: [{ count: 2, points: 1 }] });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 27 * 24 }), { minLength: 1, maxLength: 8 }), async (hoursAgo) => {
        const userId = `u${run++}`;
        await t.createUser(userId);
        const times = hoursAgo.map((h) => NOW - h * 3_600_000 - 60_000);
        for (const time of times) {
          const res = await sendEvent(t, userId, { eventId: 'purchase', timestamp: new Date(time).toISOString() });
          expect(res.statusCode).toBe(200);
        }
        for (const [streakId, timeFrame, milestones] of [
          ['d', 'daily', [2, 5]],
          ['w', 'weekly', [2]],
        ] as const) {
          const expected = asOfNow(
            streakFromPeriods(
              times.map((time) => periodOf(timeFrame, time)),
              [...milestones],
            ),
            periodOf(timeFrame, NOW),
          );
          expect(await userStreak(t, userId, streakId)).toMatchObject({
            currentCount: expected.currentCount,
            longestStreak: expected.longestStreak,
            missedCount: expected.missedCount,
            milestonesClaimed: expected.milestonesClaimed,
            currentStartDate: periodStart(timeFrame, expected.currentStart!),
            completedDates: expected.periods.map((p) => periodDateKey(timeFrame, p)),
          });
        }
      }),
      { numRuns: 6 },
    );
  });
});
