import { monthKey } from '../../platform/time.js';

/**
 * A user's tier (pure). The tier is the highest one whose threshold ≤ the points earned in the
 * window (the last `windowMonths` calendar months, the current one included). Reaching a higher
 * tier counts at once; falling short is looked at only at the start of each month (the "check"),
 * over the `windowMonths` full months before it, and a user keeps the tier through `graceMonths`
 * such checks before moving down to the tier the window then gives.
 */
export interface TierRule {
  tierId: string;
  threshold: number;
  multiplier: number;
}

/** What is stored per user: the tier held, since when, the last month checked, checks fallen short since. */
export interface TierState {
  tierId: string | null;
  since: number | null;
  /** YYYY-MM: the month whose check was the last applied. */
  checkedMonth: string;
  shortChecks: number;
}

export interface TierSettings {
  windowMonths: number;
  graceMonths: number;
}

/** Points earned per month (YYYY-MM), as on the user's monthly `default` board. */
export type MonthlyEarnings = ReadonlyMap<string, number>;

/** The month `offset` months after `month` (YYYY-MM; negative goes back). */
export function shiftMonth(month: string, offset: number): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7)) - 1 + offset;
  return monthKey(Date.UTC(y + Math.floor(m / 12), ((m % 12) + 12) % 12, 1));
}

/** First millisecond of a YYYY-MM month. */
export function monthStart(month: string): number {
  return Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1);
}

/** Points earned in the `months` months ending with `lastMonth` (inclusive). */
export function earnedIn(monthly: MonthlyEarnings, lastMonth: string, months: number): number {
  let sum = 0;
  for (let i = 0; i < months; i++) sum += monthly.get(shiftMonth(lastMonth, -i)) ?? 0;
  return sum;
}

/** The highest tier reached with `earned` points (tiers sorted by threshold ascending), or null. */
export function qualifyingTier<T extends TierRule>(tiers: readonly T[], earned: number): T | null {
  let best: T | null = null;
  for (const t of tiers) if (t.threshold <= earned) best = t;
  return best;
}

/** Position of a tier in the ladder: -1 for no tier. */
export function tierRank(tiers: readonly TierRule[], tierId: string | null): number {
  return tierId === null ? -1 : tiers.findIndex((t) => t.tierId === tierId);
}

/** The state of a user with no tier yet, at `now`: nothing to check before this month. */
export function initialTierState(now: number): TierState {
  return { tierId: null, since: null, checkedMonth: monthKey(now), shortChecks: 0 };
}

/**
 * The state at `now`: first every monthly check since `checkedMonth`, then an upgrade if the
 * window up to `now` reaches a higher tier (since = `now`). A tier that no longer exists is left
 * at once (the user then holds what the window gives).
 */
export function tierAt(
  tiers: readonly TierRule[],
  settings: TierSettings,
  stored: TierState,
  monthly: MonthlyEarnings,
  now: number,
): TierState {
  let state = stored;
  if (state.tierId !== null && tierRank(tiers, state.tierId) < 0) state = { ...state, tierId: null, since: null, shortChecks: 0 };
  const current = monthKey(now);
  for (let month = shiftMonth(state.checkedMonth, 1); month <= current; month = shiftMonth(month, 1)) {
    state = checkMonth(tiers, settings, state, monthly, month);
  }
  return upgradeAt(tiers, settings, state, monthly, now);
}

/** The check at the start of `month`, over the full months before it. */
function checkMonth(
  tiers: readonly TierRule[],
  settings: TierSettings,
  state: TierState,
  monthly: MonthlyEarnings,
  month: string,
): TierState {
  const reached = qualifyingTier(tiers, earnedIn(monthly, shiftMonth(month, -1), settings.windowMonths));
  const held = tierRank(tiers, state.tierId);
  const rank = tierRank(tiers, reached?.tierId ?? null);
  if (rank > held) return { tierId: reached!.tierId, since: monthStart(month), checkedMonth: month, shortChecks: 0 };
  if (rank === held) return { ...state, checkedMonth: month, shortChecks: 0 };
  const short = state.shortChecks + 1;
  if (short <= settings.graceMonths) return { ...state, checkedMonth: month, shortChecks: short };
  return { tierId: reached?.tierId ?? null, since: reached ? monthStart(month) : null, checkedMonth: month, shortChecks: 0 };
}

/** An upgrade counts at once: the window up to `now` (the current month included). */
export function upgradeAt(
  tiers: readonly TierRule[],
  settings: TierSettings,
  state: TierState,
  monthly: MonthlyEarnings,
  now: number,
): TierState {
  const reached = qualifyingTier(tiers, earnedIn(monthly, monthKey(now), settings.windowMonths));
  if (tierRank(tiers, reached?.tierId ?? null) <= tierRank(tiers, state.tierId)) return state;
  return { ...state, tierId: reached!.tierId, since: now, shortChecks: 0 };
}
