import { DAY_MS, dateKey, dayNumber } from '../../platform/time.js';
import { instantOfWallTime, UTC, wallTime } from '../../platform/time-zone.js';

/**
 * A streak counts whole periods of the user's local calendar (its time zone; UTC by default). Each
 * period has an integer index so that consecutive periods differ by exactly 1: local days since
 * 1970-01-01, Monday-started weeks since then, months since year 0. An index names calendar dates,
 * not instants, so a user who changes zone keeps its periods (decision 160).
 */
export type TimeFrame = 'daily' | 'weekly' | 'monthly';

/** Index of the period of `timeFrame` that contains `ms` in `zone`'s calendar. */
export function periodOf(timeFrame: TimeFrame, ms: number, zone = UTC): number {
  const local = wallTime(ms, zone);
  switch (timeFrame) {
    case 'daily':
      return dayNumber(local);
    case 'weekly':
      // Day 4 of the epoch (1970-01-05) is a Monday: weeks are [day 7k-3, day 7k+3].
      return Math.floor((dayNumber(local) + 3) / 7);
    case 'monthly': {
      const d = new Date(local);
      return d.getUTCFullYear() * 12 + d.getUTCMonth();
    }
  }
}

/** The local calendar start of a period, as a wall time (UTC ms of the local midnight's date). */
function periodWallStart(timeFrame: TimeFrame, period: number): number {
  switch (timeFrame) {
    case 'daily':
      return period * DAY_MS;
    case 'weekly':
      return (period * 7 - 3) * DAY_MS;
    case 'monthly':
      return Date.UTC(Math.floor(period / 12), period % 12, 1);
  }
}

/** First millisecond of a period in `zone` (its local midnight). */
export function periodStart(timeFrame: TimeFrame, period: number, zone = UTC): number {
  return instantOfWallTime(periodWallStart(timeFrame, period), zone);
}

/** YYYY-MM-DD of a period's first local day (the `completedDates` items). */
export function periodDateKey(timeFrame: TimeFrame, period: number): string {
  return dateKey(periodWallStart(timeFrame, period));
}
