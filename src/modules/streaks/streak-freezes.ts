import { streakAfterPeriod, type StreakState, type StreakStep } from './streak-state.js';

/**
 * Banked freezes of one user's streak (decision 161). A period missed between the latest completed
 * period and the next one is covered by a freeze, oldest missed period first, while freezes last;
 * a covered period joins the run as if completed, and is listed among the frozen periods.
 */
export interface Freezes {
  available: number;
  used: number;
  /** Covered periods, ascending. */
  frozen: number[];
}

export const NO_FREEZES: Freezes = { available: 0, used: 0, frozen: [] };

/** A streak definition's freeze rule: at most `max` banked; one earned per milestone reached when `earnEveryMilestone`. */
export interface FreezeRule {
  max: number;
  earnEveryMilestone?: boolean;
}

export interface FrozenStep extends StreakStep {
  freezes: Freezes;
  /** Periods covered by this step. */
  covered: number[];
}

/**
 * The streak after a qualifying event in `period`, with freezes: the missed periods before it are
 * covered first (greedily; a gap longer than the bank still breaks the run, and the freezes spent on
 * it stay spent), then the event's period is completed as streak-state.ts decides. Milestones reached
 * earn freezes, up to `rule.max`. Without a rule it is exactly `streakAfterPeriod`.
 */
export function streakAfterPeriodWithFreezes(state: StreakState, freezes: Freezes, period: number, milestones: number[], rule: FreezeRule | null): FrozenStep {
  const last = state.periods[state.periods.length - 1];
  const covered: number[] = [];
  let covering = state;
  if (rule && last !== undefined && period > last + 1) {
    const count = Math.min(freezes.available, period - last - 1);
    for (let p = last + 1; p <= last + count; p++) {
      covering = streakAfterPeriod(covering, p, []).state;
      covered.push(p);
    }
  }
  const step = streakAfterPeriod(covering, period, milestones);
  if (!rule || (covered.length === 0 && step.newlyClaimed.length === 0)) {
    return { ...step, freezes, covered };
  }
  const earned = rule.earnEveryMilestone ? step.newlyClaimed.length : 0;
  const available = Math.min(rule.max, freezes.available - covered.length + earned);
  return {
    ...step,
    changed: step.changed || covered.length > 0,
    freezes: { available, used: freezes.used + covered.length, frozen: [...freezes.frozen, ...covered] },
    covered,
  };
}
