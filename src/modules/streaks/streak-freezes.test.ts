import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { coverMissedPeriods, streakAfterPeriodWithFreezes, NO_FREEZES, type Freezes } from './streak-freezes.js';
import { EMPTY_STREAK, streakAfterPeriod, type StreakState } from './streak-state.js';

function run(periods: number[], freezes: Freezes, rule: { max: number; earnEveryMilestone?: boolean } | null, milestones: number[] = []) {
  let state: StreakState = EMPTY_STREAK;
  let f = freezes;
  const steps = [];
  for (const p of periods) {
    const step = streakAfterPeriodWithFreezes(state, f, p, milestones, rule);
    state = step.state;
    f = step.freezes;
    steps.push(step);
  }
  return { state, freezes: f, steps };
}

describe('streak freezes', () => {
  it('covers a missed period with a banked freeze and keeps the run', () => {
    const { state, freezes } = run([10, 11, 13], { available: 1, used: 0, frozen: [] }, { max: 2 });
    expect(state).toMatchObject({ currentCount: 4, currentStart: 10, missedCount: 0, periods: [10, 11, 12, 13] });
    expect(freezes).toEqual({ available: 0, used: 1, frozen: [12] });
  });

  it('spends freezes on a gap longer than the bank, oldest period first, and the run still breaks', () => {
    const { state, freezes } = run([10, 14], { available: 2, used: 0, frozen: [] }, { max: 2 });
    expect(state).toMatchObject({ currentCount: 1, currentStart: 14, missedCount: 1, periods: [10, 11, 12, 14] });
    expect(freezes).toEqual({ available: 0, used: 2, frozen: [11, 12] });
  });

  it('earns one freeze per milestone reached, never more than max', () => {
    const { freezes, steps } = run([1, 2, 3, 4], { available: 1, used: 0, frozen: [] }, { max: 2, earnEveryMilestone: true }, [2, 3, 4]);
    expect(steps.map((s) => s.newlyClaimed)).toEqual([[], [2], [3], [4]]);
    expect(freezes.available).toBe(2);
  });

  it('is exactly the streak without freezes when there is no rule or no bank', () => {
    for (const bank of [NO_FREEZES, { available: 3, used: 0, frozen: [] }]) {
      const rule = bank === NO_FREEZES ? { max: 3 } : null;
      const { state } = run([5, 6, 9, 3], bank, rule, [2]);
      let plain: StreakState = EMPTY_STREAK;
      for (const p of [5, 6, 9, 3]) plain = streakAfterPeriod(plain, p, [2]).state;
      expect(state).toEqual(plain);
    }
  });

  it('does not spend a freeze for a late event or a period already completed', () => {
    const { freezes } = run([10, 12, 11, 12], { available: 1, used: 0, frozen: [] }, { max: 1 });
    expect(freezes).toEqual({ available: 0, used: 1, frozen: [11] });
  });

  it('gives the same streak when the daily job covers ended periods before the event as the event alone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 6 }),
        fc.array(fc.integer({ min: 1, max: 8 }), { maxLength: 4 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 3 }),
        (available, gap, jobDays, earn, max) => {
          const rule = { max, earnEveryMilestone: earn };
          const start = run([10, 11], { available, used: 0, frozen: [] }, rule, [3, 5]);
          const event = 12 + gap;
          const alone = streakAfterPeriodWithFreezes(start.state, start.freezes, event, [3, 5], rule);
          let covered = { state: start.state, freezes: start.freezes };
          for (const day of [...jobDays].sort((a, b) => a - b))
            if (12 + day <= event) covered = coverMissedPeriods(covered.state, covered.freezes, 12 + day, rule);
          const after = streakAfterPeriodWithFreezes(covered.state, covered.freezes, event, [3, 5], rule);
          expect(after.state).toEqual(alone.state);
          expect(after.freezes).toEqual(alone.freezes);
        },
      ),
    );
  });

  it('covers only periods before the current one, and nothing without a rule or bank', () => {
    const start = run([10, 11], { available: 3, used: 0, frozen: [] }, { max: 3 }).state;
    expect(coverMissedPeriods(start, { available: 3, used: 0, frozen: [] }, 14, { max: 3 }).covered).toEqual([12, 13]);
    expect(coverMissedPeriods(start, { available: 3, used: 0, frozen: [] }, 12, { max: 3 }).covered).toEqual([]);
    expect(coverMissedPeriods(start, { available: 3, used: 0, frozen: [] }, 14, null).covered).toEqual([]);
    expect(coverMissedPeriods(start, NO_FREEZES, 14, { max: 3 }).covered).toEqual([]);
  });
});
