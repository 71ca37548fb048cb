/**
 * The state of one user's streak is a function of the SET of periods in which a qualifying event
 * fell, whatever order the events arrive in (offline events may arrive late): the current run is
 * the run of consecutive periods ending at the latest one, `missedCount` the periods skipped
 * between the first and the latest, `milestonesClaimed` the milestones the current run reached.
 */
export interface StreakState {
  /** Completed periods, ascending, no duplicates. */
  periods: number[];
  currentCount: number;
  /** First period of the current run; null before the first event. */
  currentStart: number | null;
  longestStreak: number;
  missedCount: number;
  /** Milestone counts paid in the current run, ascending. */
  milestonesClaimed: number[];
}

export const EMPTY_STREAK: StreakState = {
  periods: [],
  currentCount: 0,
  currentStart: null,
  longestStreak: 0,
  missedCount: 0,
  milestonesClaimed: [],
};

export interface StreakStep {
  state: StreakState;
  /** False when the period was already completed (nothing changes, nothing to write). */
  changed: boolean;
  /** Milestone counts reached by this step (to be paid now). */
  newlyClaimed: number[];
  /** True when `period` became the latest completed period. */
  latest: boolean;
}

/** Index of `value` in the ascending array, or -(insertion point) - 1. */
function search(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! === value) return mid;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -lo - 1;
}

/** Length of the run of consecutive periods that ends at index `i` (walking down). */
function runDown(periods: number[], i: number): number {
  let n = 0;
  while (i - n >= 0 && periods[i - n] === periods[i]! - n) n++;
  return n;
}

function runUp(periods: number[], i: number): number {
  let n = 0;
  while (i + n < periods.length && periods[i + n] === periods[i]! + n) n++;
  return n;
}

/**
 * The streak after a qualifying event in `period`. In-order events extend the run or restart it
 * (adding the skipped periods to missedCount); a late event fills its period: it may close a gap
 * (missedCount − 1) and, right before the current run, join the run before it to the current one.
 */
export function streakAfterPeriod(state: StreakState, period: number, milestones: number[]): StreakStep {
  const at = search(state.periods, period);
  if (at >= 0) return { state, changed: false, newlyClaimed: [], latest: false };
  const insertAt = -at - 1;
  const periods = [...state.periods.slice(0, insertAt), period, ...state.periods.slice(insertAt)];
  const first = state.periods[0];
  const last = state.periods[state.periods.length - 1];
  let { currentCount, currentStart, longestStreak, missedCount, milestonesClaimed } = state;
  const latest = last === undefined || period > last;
  if (last === undefined) {
    currentCount = 1;
    currentStart = period;
  } else if (period > last) {
    if (period === last + 1) {
      currentCount += 1;
    } else {
      missedCount += period - last - 1;
      currentCount = 1;
      currentStart = period;
      milestonesClaimed = [];
    }
  } else {
    missedCount += period < first! ? first! - period - 1 : -1;
    const prior = periods[insertAt - 1] === period - 1 ? runDown(periods, insertAt - 1) : 0;
    const next = periods[insertAt + 1] === period + 1 ? runUp(periods, insertAt + 1) : 0;
    longestStreak = Math.max(longestStreak, prior + 1 + next);
    if (currentStart !== null && period === currentStart - 1) {
      currentCount += 1 + prior;
      currentStart = period - prior;
    }
  }
  longestStreak = Math.max(longestStreak, currentCount);
  const newlyClaimed = [...new Set(milestones)].filter((m) => m <= currentCount && !milestonesClaimed.includes(m)).sort((a, b) => a - b);
  if (newlyClaimed.length > 0) milestonesClaimed = [...milestonesClaimed, ...newlyClaimed].sort((a, b) => a - b);
  return {
    state: { periods, currentCount, currentStart, longestStreak, missedCount, milestonesClaimed },
    changed: true,
    newlyClaimed,
    latest,
  };
}

/** The streak recomputed from scratch from a set of periods (the reference for the property test). */
export function streakFromPeriods(input: Iterable<number>, milestones: number[]): StreakState {
  const periods = [...new Set(input)].sort((a, b) => a - b);
  if (periods.length === 0) return EMPTY_STREAK;
  let longest = 0;
  let runStart = periods[0]!;
  let runLength = 0;
  for (let i = 0; i < periods.length; i++) {
    if (i > 0 && periods[i] === periods[i - 1]! + 1) runLength++;
    else {
      runStart = periods[i]!;
      runLength = 1;
    }
    longest = Math.max(longest, runLength);
  }
  const span = periods[periods.length - 1]! - periods[0]! + 1;
  return {
    periods,
    currentCount: runLength,
    currentStart: runStart,
    longestStreak: longest,
    missedCount: span - periods.length,
    milestonesClaimed: [...new Set(milestones)].filter((m) => m <= runLength).sort((a, b) => a - b),
  };
}
