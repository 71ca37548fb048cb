import { describe, expect, it } from 'vitest';
import { dayNumber } from '../../platform/time.js';
import { coverByMonths, monthBucket, monthRange, periodRange } from './periods.js';

const NOW = Date.UTC(2026, 2, 15, 10); // 2026-03-15
const day = (y: number, m: number, d: number) => dayNumber(Date.UTC(y, m - 1, d));

describe('analytics periods', () => {
  it('ends every period today and starts it N-1 days before', () => {
    expect(periodRange('1d', NOW, null)).toMatchObject({ startDay: day(2026, 3, 15), endDay: day(2026, 3, 15) });
    expect(periodRange('7d', NOW, null)).toMatchObject({ startDay: day(2026, 3, 9) });
    expect(periodRange('30d', NOW, null)).toMatchObject({ startDay: day(2026, 2, 14) });
    expect(periodRange('90d', NOW, null)).toMatchObject({ startDay: day(2025, 12, 16) });
    expect(periodRange('current_month', NOW, null)).toMatchObject({ startDay: day(2026, 3, 1) });
    expect(periodRange('ytd', NOW, null)).toMatchObject({ startDay: day(2026, 1, 1) });
    expect(periodRange('all', NOW, day(2025, 6, 20))).toMatchObject({ startDay: day(2025, 6, 20), openStart: true });
    expect(periodRange('all', NOW, null)).toMatchObject({ startDay: day(2026, 3, 15) });
  });

  it('reads a calendar month and refuses a malformed one', () => {
    expect(monthRange('2026-02', NOW)).toEqual({ startDay: day(2026, 2, 1), endDay: day(2026, 2, 28), openStart: false, openEnd: false });
    expect(monthRange('2026-3', NOW)).toBeNull();
    expect(monthRange('2026-13', NOW)).toBeNull();
  });

  it('covers 90 days by whole months where it can and days elsewhere', () => {
    const cover = coverByMonths(periodRange('90d', NOW, null));
    expect(cover.months).toEqual([monthBucket(Date.UTC(2026, 0, 1)), monthBucket(Date.UTC(2026, 1, 1)), monthBucket(Date.UTC(2026, 2, 1))]);
    expect(cover.days).toEqual(Array.from({ length: 16 }, (_, i) => day(2025, 12, 16) + i));
  });

  it('covers all of the data by months only', () => {
    const cover = coverByMonths(periodRange('all', NOW, day(2025, 6, 20)));
    expect(cover.days).toEqual([]);
    expect(cover.months).toHaveLength(10);
  });

  it('covers a short window inside one month by days', () => {
    expect(coverByMonths(periodRange('7d', NOW, null))).toEqual({
      months: [],
      days: Array.from({ length: 7 }, (_, i) => day(2026, 3, 9) + i),
    });
  });
});
