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

describe('streak periods in a user time zone', () => {
  it('counts local days across the New York DST changes: the 23-hour and the 25-hour day are one period each', () => {
    const zone = 'America/New_York';
    const sat = periodOf('daily', at('2026-03-08T04:59:00Z'), zone); // Sat 7 March 23:59 EST
    const sun = periodOf('daily', at('2026-03-08T05:00:00Z'), zone); // Sun 8 March 00:00 EST
    expect(sun - sat).toBe(1);
    expect(periodOf('daily', at('2026-03-09T03:59:00Z'), zone)).toBe(sun); // Sun 23:59 EDT
    expect(periodOf('daily', at('2026-03-09T04:00:00Z'), zone)).toBe(sun + 1);
    expect(periodStart('daily', sun + 1, zone)).toBe(at('2026-03-09T04:00:00Z'));
    const nov1 = periodOf('daily', at('2026-11-01T04:00:00Z'), zone);
    expect(periodOf('daily', at('2026-11-02T04:59:00Z'), zone)).toBe(nov1); // 23:59 EST after the 25-hour day
    expect(periodDateKey('daily', nov1)).toBe('2026-11-01');
  });

  it('starts local weeks on Monday and local months on the 1st (Auckland, Kathmandu)', () => {
    const monday = periodOf('weekly', at('2026-03-22T11:00:00Z'), 'Pacific/Auckland'); // Mon 23 March 00:00 NZDT
    expect(monday - periodOf('weekly', at('2026-03-22T10:59:00Z'), 'Pacific/Auckland')).toBe(1);
    expect(periodDateKey('weekly', monday)).toBe('2026-03-23');
    expect(periodStart('weekly', monday, 'Pacific/Auckland')).toBe(at('2026-03-22T11:00:00Z'));
    const may = periodOf('monthly', at('2026-04-30T18:15:00Z'), 'Asia/Kathmandu');
    expect(periodStart('monthly', may, 'Asia/Kathmandu')).toBe(at('2026-04-30T18:15:00Z'));
    expect(may - periodOf('monthly', at('2026-04-30T18:14:00Z'), 'Asia/Kathmandu')).toBe(1);
  });
});
