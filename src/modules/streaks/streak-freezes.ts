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

export interface Covered {
  state: StreakState;
  freezes: Freezes;
  /** Periods covered, ascending (none: state and freezes are the ones given). */
  covered: number[];
}

/**
 * Covers the periods missed after the latest completed one and before `before` with banked
 * freezes, oldest first, while they last (a covered period joins the run without claiming
 * milestones). The event path calls it with the event's period; the daily job with the user's
 * current period, so that only periods that have ended are covered. Covering in several steps
 * gives the same as covering at once, so the job and the next event agree.
 */
export function coverMissedPeriods(state: StreakState, freezes: Freezes, before: number, rule: FreezeRule | null): Covered {
  const last = state.periods[state.periods.length - 1];
  if (!rule || last === undefined || before <= last + 1 || freezes.available <= 0) return { state, freezes, covered: [] };
  const count = Math.min(freezes.available, before - last - 1);
  const covered: number[] = [];
  let covering = state;
  for (let p = last + 1; p <= last + count; p++) {
    covering = streakAfterPeriod(covering, p, []).state;
    covered.push(p);
  }
  return {
    state: covering,
    freezes: { available: freezes.available - count, used: freezes.used + count, frozen: [...freezes.frozen, ...covered] },
    covered,
  };
}

/**
 * The streak after a qualifying event in `period`, with freezes: the missed periods before it are
 * covered first (greedily; a gap longer than the bank still breaks the run, and the freezes spent on
 * it stay spent), then the event's period is completed as streak-state.ts decides. Milestones reached
 * earn freezes, up to `rule.max` (a bank above a lowered max is not cut). Without a rule it is exactly `streakAfterPeriod`.
 */
export function streakAfterPeriodWithFreezes(
  state: StreakState,
  freezes: Freezes,
  period: number,
  milestones: number[],
  rule: FreezeRule | null,
): FrozenStep {
  const cover = coverMissedPeriods(state, freezes, period, rule);
  const step = streakAfterPeriod(cover.state, period, milestones);
  const covered = cover.covered;
  if (!rule || step.newlyClaimed.length === 0) {
    return { ...step, changed: step.changed || covered.length > 0, freezes: cover.freezes, covered };
  }
  const earned = rule.earnEveryMilestone ? step.newlyClaimed.length : 0;
  // Earning fills the bank up to max; a bank above a lowered max keeps what it has (as a grant does).
  const had = cover.freezes.available;
  const available = Math.max(had, Math.min(rule.max, had + earned));
  return { ...step, changed: true, freezes: { ...cover.freezes, available }, covered };
}

/**
 * The streak as a read shows it at the user's current period (decision 197): the periods that have
 * ended since the latest completed one are covered with banked freezes first, as the daily job will
 * (so a read does not depend on whether the job has run yet); if the period after the latest one
 * has then still ended without a completion, the run is broken: count 0, no milestones claimed,
 * the missed periods counted, the longest streak kept. A run whose latest period is the current or
 * the previous one is shown as it is.
 */
export function streakAsOf(state: StreakState, freezes: Freezes, current: number, rule: FreezeRule | null): Covered {
  const cover = coverMissedPeriods(state, freezes, current, rule);
  const last = cover.state.periods[cover.state.periods.length - 1];
  if (last === undefined || last >= current - 1) return cover;
  const broken = { ...cover.state, currentCount: 0, milestonesClaimed: [], missedCount: cover.state.missedCount + (current - 1 - last) };
  return { ...cover, state: broken };
}
