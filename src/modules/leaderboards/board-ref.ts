import { AppError } from '../../http/errors.js';
import { dayNumber, monthKey, parseMonthKey } from '../../platform/time.js';

/**
 * Which board a request means. Monthly boards are calendar months (UTC); rolling windows cover the
 * whole UTC days [today − (N−1), today]. A window board is tied to the day its totals are for, so a
 * new day means a new board (built from the rolled SQL totals).
 */
export const WINDOWS = ['7d', '30d', '365d'] as const;
export type Timeframe = (typeof WINDOWS)[number];
export const WINDOW_DAYS: Record<Timeframe, number> = { '7d': 7, '30d': 30, '365d': 365 };

/** The currency of the interface's one balance; its boards keep the keys they always had. */
export const POINTS_CURRENCY = 'points';
/** Between a group and a currency in a board's stored group key (never in either id: ids are A–Z a–z 0–9 _ -). */
const CURRENCY_MARK = '~';

/**
 * The group key a board is stored and indexed under (decision 297): a `points` board is its group
 * (`default`), the board of another currency is `<groupId>~<currencyId>` (`default~xp`). So every
 * table, statement and rank index key of the points boards stays what it was, and a currency's
 * boards are boards of their own everywhere (roll-over, user deletion, month close, archives).
 */
export function boardGroup(groupId: string, currency: string = POINTS_CURRENCY): string {
  return currency === POINTS_CURRENCY ? groupId : `${groupId}${CURRENCY_MARK}${currency}`;
}

/** The group and currency of a stored group key (the inverse of `boardGroup`). */
export function parseBoardGroup(stored: string): { groupId: string; currency: string } {
  const at = stored.indexOf(CURRENCY_MARK);
  return at < 0 ? { groupId: stored, currency: POINTS_CURRENCY } : { groupId: stored.slice(0, at), currency: stored.slice(at + 1) };
}

/** A board; `groupId` is the stored group key (`boardGroup`): the group itself for `points`. */
export type BoardRef =
  | { projectId: string; groupId: string; kind: 'month'; month: string }
  | { projectId: string; groupId: string; kind: 'window'; timeframe: Timeframe; day: number };

/** A stable string key of a board, used by both rank indexes. */
export function boardKey(b: BoardRef): string {
  return b.kind === 'month' ? `${b.projectId}|${b.groupId}|m|${b.month}` : `${b.projectId}|${b.groupId}|${b.timeframe}|${b.day}`;
}

export interface BoardQuery {
  month?: string;
  timeframe?: string;
}

/** The period of a board request: exactly one of month (YYYY-MM) or timeframe (7d, 30d, 365d), else 400. */
export function parsePeriod(q: BoardQuery): { month: string } | { timeframe: Timeframe } {
  const hasMonth = q.month !== undefined && q.month !== '';
  const hasTimeframe = q.timeframe !== undefined && q.timeframe !== '';
  if (hasMonth && hasTimeframe) throw AppError.of('MONTH_AND_TIMEFRAME', 'Use either month or timeframe, not both');
  if (!hasMonth && !hasTimeframe) throw AppError.of('PERIOD_REQUIRED', 'month or timeframe is required');
  if (hasMonth) {
    if (parseMonthKey(q.month!) === null) throw AppError.of('INVALID_MONTH', `Invalid month "${q.month}": expected YYYY-MM`);
    return { month: q.month! };
  }
  if (!(WINDOWS as readonly string[]).includes(q.timeframe!)) {
    throw AppError.of('INVALID_TIMEFRAME', `Invalid timeframe "${q.timeframe}": expected 7d, 30d or 365d`);
  }
  return { timeframe: q.timeframe as Timeframe };
}

export function boardRef(projectId: string, groupId: string, period: { month: string } | { timeframe: Timeframe }, now: number): BoardRef {
  return 'month' in period
    ? { projectId, groupId, kind: 'month', month: period.month }
    : { projectId, groupId, kind: 'window', timeframe: period.timeframe, day: dayNumber(now) };
}

/** True when a board is the live current month (kept in the index) rather than a past or future one. */
export function isCurrentMonth(b: BoardRef, now: number): boolean {
  return b.kind === 'month' && b.month === monthKey(now);
}

/** Whether points of UTC day `day` belong to window N when its totals are computed for day `through`. */
export function inWindow(day: number, through: number, days: number): boolean {
  return day > through - days && day <= through;
}
