import { DAY_MS, dayNumber, parseMonthKey, startOfMonth, startOfNextMonth, startOfYear } from '../../platform/time.js';

/**
 * The time ranges of GET /stats/event (docs/api.md, Analytics): periods end today (UTC);
 * `1d` is today, `7d`/`30d`/`90d` the last N days including today. Ranges are whole UTC days,
 * as day numbers since the epoch, both ends inclusive.
 */
export const PERIODS = ['1d', '7d', '30d', '90d', 'current_month', 'ytd', 'all'] as const;
export type Period = (typeof PERIODS)[number];
/** The period when neither `period` nor `timeframe=month` is given. */
export const DEFAULT_PERIOD: Period = '7d';

export interface DayRange {
  startDay: number;
  endDay: number;
  /** True when nothing before startDay can hold data (`all`), so the first month may be read whole. */
  openStart: boolean;
  /** True when the range ends today: nothing after it holds data, so the last month may be read whole. */
  openEnd: boolean;
}

/** `firstDataDay`: the earliest day with data, for `all` (null when there is none). */
export function periodRange(period: Period, now: number, firstDataDay: number | null): DayRange {
  const today = dayNumber(now);
  const last = (n: number): DayRange => ({ startDay: today - (n - 1), endDay: today, openStart: false, openEnd: true });
  switch (period) {
    case '1d':
      return last(1);
    case '7d':
      return last(7);
    case '30d':
      return last(30);
    case '90d':
      return last(90);
    case 'current_month':
      return { startDay: dayNumber(startOfMonth(now)), endDay: today, openStart: false, openEnd: true };
    case 'ytd':
      return { startDay: dayNumber(startOfYear(now)), endDay: today, openStart: false, openEnd: true };
    case 'all':
      return { startDay: Math.min(firstDataDay ?? today, today), endDay: today, openStart: true, openEnd: true };
  }
}

/** The range of a calendar month `YYYY-MM`, or null when malformed. */
export function monthRange(month: string, now: number): DayRange | null {
  const start = parseMonthKey(month);
  if (start === null) return null;
  const endDay = dayNumber(startOfNextMonth(start)) - 1;
  const today = dayNumber(now);
  return { startDay: dayNumber(start), endDay, openStart: false, openEnd: endDay >= today };
}

/** Month bucket of a time: year × 12 + month index (0–11). */
export function monthBucket(ms: number): number {
  const d = new Date(ms);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

function monthStartDay(bucket: number): number {
  return dayNumber(Date.UTC(Math.floor(bucket / 12), bucket % 12, 1));
}

/** Last day (day number) of a month bucket. */
export function monthEndDay(bucket: number): number {
  return monthStartDay(bucket + 1) - 1;
}

/**
 * Splits a range into whole months (read from month rollups) and the remaining days (read from day
 * rollups), so a long period reads a few month rows instead of hundreds of day rows.
 */
export function coverByMonths(range: DayRange): { months: number[]; days: number[] } {
  const months: number[] = [];
  const days: number[] = [];
  let day = range.startDay;
  while (day <= range.endDay) {
    const bucket = monthBucket(day * DAY_MS);
    const first = monthStartDay(bucket);
    const lastDay = monthStartDay(bucket + 1) - 1;
    const startsInside = first >= range.startDay || (range.openStart && day === range.startDay);
    const endsInside = lastDay <= range.endDay || range.openEnd;
    if (startsInside && endsInside) {
      months.push(bucket);
    } else {
      for (let d = day; d <= Math.min(lastDay, range.endDay); d++) days.push(d);
    }
    day = lastDay + 1;
  }
  return { months, days };
}
