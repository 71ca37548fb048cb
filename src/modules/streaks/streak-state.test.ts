import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_STREAK, streakAfterPeriod, streakFromPeriods, type StreakState } from './streak-state.js';

function replay(periods: number[], milestones: number[]): StreakState {
  return periods.reduce((state, p) => streakAfterPeriod(state, p, milestones).state, EMPTY_STREAK);
}

describe('streakAfterPeriod', () => {
  it('starts a run at 1 on the first event', () => {
    const step = streakAfterPeriod(EMPTY_STREAK, 100, [1, 3]);
    expect(step.state).toEqual({
      periods: [100],
      currentCount: 1,
      currentStart: 100,
      longestStreak: 1,
      missedCount: 0,
      milestonesClaimed: [1],
    });
    expect(step.newlyClaimed).toEqual([1]);
    expect(step.latest).toBe(true);
  });

  it('changes nothing for a second event in the same period', () => {
    const s = replay([100], []);
    const step = streakAfterPeriod(s, 100, []);
    expect(step.changed).toBe(false);
    expect(step.state).toBe(s);
  });

  it('extends the run on the next period and pays a milestone once', () => {
    const s = replay([100, 101], [3]);
    const step = streakAfterPeriod(s, 102, [3]);
    expect(step.state.currentCount).toBe(3);
    expect(step.newlyClaimed).toEqual([3]);
    expect(streakAfterPeriod(step.state, 102, [3]).newlyClaimed).toEqual([]);
  });

  it('restarts at 1 after a gap, adds the skipped periods to missedCount and clears the claims', () => {
    const s = replay([100, 101, 102], [3]);
    const step = streakAfterPeriod(s, 106, [3]);
    expect(step.state).toEqual({
      periods: [100, 101, 102, 106],
      currentCount: 1,
      currentStart: 106,
      longestStreak: 3,
      missedCount: 3,
      milestonesClaimed: [],
    });
  });

  it('lets a late event fill the gap before the current run and join the two runs', () => {
    const s = replay([100, 101, 103, 104], [4]);
    expect(s.currentCount).toBe(2);
    expect(s.missedCount).toBe(1);
    const step = streakAfterPeriod(s, 102, [4]);
    expect(step.state).toEqual({
      periods: [100, 101, 102, 103, 104],
      currentCount: 5,
      currentStart: 100,
      longestStreak: 5,
      missedCount: 0,
      milestonesClaimed: [4],
    });
    expect(step.newlyClaimed).toEqual([4]);
    expect(step.latest).toBe(false);
  });

  it('keeps the current run when a late event falls in an older gap', () => {
    const s = replay([100, 102, 110, 111], []);
    const step = streakAfterPeriod(s, 101, []);
    expect(step.state).toMatchObject({ currentCount: 2, currentStart: 110, longestStreak: 3, missedCount: 7 });
  });

  it('adds the periods between a late first period and the old first one to missedCount', () => {
    const s = replay([100, 101], []);
    expect(streakAfterPeriod(s, 95, []).state).toMatchObject({ currentCount: 2, missedCount: 4, longestStreak: 2 });
  });
});

describe('streak state is a function of the set of periods', () => {
  it('equals the naive recomputation after any sequence of events, in any order', () => {
    const milestones = fc.array(fc.integer({ min: 1, max: 8 }), { maxLength: 4 });
    const periods = fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 40 });
    fc.assert(
      fc.property(periods, milestones, (ps, ms) => {
        expect(replay(ps, ms)).toEqual(streakFromPeriods(ps, ms));
      }),
      { numRuns: 2000 },
    );
  });

  it('pays each milestone of a run once when events arrive in order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 30 }), (raw) => {
        const ps = [...raw].sort((a, b) => a - b);
        let state = EMPTY_STREAK;
        let paidInRun: number[] = [];
        for (const p of ps) {
          const step = streakAfterPeriod(state, p, [2, 5]);
          if (step.state.currentCount === 1) paidInRun = [];
          for (const m of step.newlyClaimed) {
            expect(paidInRun).not.toContain(m);
            paidInRun.push(m);
          }
          state = step.state;
        }
      }),
    );
  });
});
