import { describe, expect, it } from 'vitest';
import { periodDateKey, periodOf, periodStart } from './streak-periods.js';

const at = (iso: string) => Date.parse(iso);

describe('streak periods', () => {
  it('makes consecutive days consecutive indexes across a year end', () => {
    expect(periodOf('daily', at('2027-01-01T00:00:00Z')) - periodOf('daily', at('2026-12-31T23:59:59Z'))).toBe(1);
  });

  it('starts weeks on Monday 00:00 UTC', () => {
    const sunday = periodOf('weekly', at('2026-11-22T23:59:59Z'));
    const monday = periodOf('weekly', at('2026-11-23T00:00:00Z'));
    expect(monday - sunday).toBe(1);
    expect(periodDateKey('weekly', monday)).toBe('2026-11-23');
    expect(periodDateKey('weekly', sunday)).toBe('2026-11-16');
  });

  it('keeps a week that spans the year end as one period', () => {
    expect(periodOf('weekly', at('2026-12-28T10:00:00Z'))).toBe(periodOf('weekly', at('2027-01-03T10:00:00Z')));
    expect(periodDateKey('weekly', periodOf('weekly', at('2027-01-01T00:00:00Z')))).toBe('2026-12-28');
  });

  it('makes December and January consecutive months', () => {
    const dec = periodOf('monthly', at('2026-12-15T00:00:00Z'));
    expect(periodOf('monthly', at('2027-01-01T00:00:00Z')) - dec).toBe(1);
    expect(periodStart('monthly', dec)).toBe(at('2026-12-01T00:00:00Z'));
    expect(periodDateKey('monthly', dec + 1)).toBe('2027-01-01');
  });
});
