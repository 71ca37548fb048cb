import { describe, expect, it } from 'vitest';
import { dateKey, monthKey, parseMonthKey, startOfMonth, startOfNextMonth, startOfWeek } from './time.js';

describe('UTC calendar', () => {
  it('starts weeks on Monday', () => {
    expect(dateKey(startOfWeek(Date.UTC(2026, 10, 22, 23)))).toBe('2026-11-16'); // a Sunday
    expect(dateKey(startOfWeek(Date.UTC(2026, 10, 23, 0)))).toBe('2026-11-23'); // a Monday
  });

  it('finds month boundaries across the year end', () => {
    expect(startOfMonth(Date.UTC(2026, 11, 31, 23, 59))).toBe(Date.UTC(2026, 11, 1));
    expect(startOfNextMonth(Date.UTC(2026, 11, 31, 23, 59))).toBe(Date.UTC(2027, 0, 1));
    expect(monthKey(Date.UTC(2027, 0, 1))).toBe('2027-01');
  });

  it('parses YYYY-MM and refuses anything else', () => {
    expect(parseMonthKey('2026-02')).toBe(Date.UTC(2026, 1, 1));
    for (const bad of ['2026-13', '2026-1', '26-01', '2026-00', '2026-01-01', '']) expect(parseMonthKey(bad)).toBeNull();
  });
});
