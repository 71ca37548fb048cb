import { DAY_MS, dateKey, dayNumber } from '../../platform/time.js';

/**
 * A streak counts whole UTC periods. Each period has an integer index so that consecutive periods
 * differ by exactly 1: days since the epoch, Monday-started weeks since the epoch, months since year 0.
 */
export type TimeFrame = 'daily' | 'weekly' | 'monthly';

/** Index of the period of `timeFrame` that contains `ms`. */
export function periodOf(timeFrame: TimeFrame, ms: number): number {
  switch (timeFrame) {
    case 'daily':
      return dayNumber(ms);
    case 'weekly':
      // Day 4 of the epoch (1970-01-05) is a Monday: weeks are [day 7k-3, day 7k+3].
      return Math.floor((dayNumber(ms) + 3) / 7);
    case 'monthly': {
      const d = new Date(ms);
      return d.getUTCFullYear() * 12 + d.getUTCMonth();
    }
  }
}

/** First millisecond of a period. */
export function periodStart(timeFrame: TimeFrame, period: number): number {
  switch (timeFrame) {
    case 'daily':
      return period * DAY_MS;
    case 'weekly':
      return (period * 7 - 3) * DAY_MS;
    case 'monthly':
      return Date.UTC(Math.floor(period / 12), period % 12, 1);
  }
}

/** YYYY-MM-DD of a period's first day (the `completedDates` items). */
export function periodDateKey(timeFrame: TimeFrame, period: number): string {
  return dateKey(periodStart(timeFrame, period));
}
