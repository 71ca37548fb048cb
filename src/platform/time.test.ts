import { afterEach, describe, expect, it } from 'vitest';
import { dateKey, monthKey, parseIsoTime, parseMonthKey, startOfMonth, startOfNextMonth, startOfWeek } from './time.js';

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

describe('parseIsoTime', () => {
  const hostZone = process.env.TZ;
  afterEach(() => {
    if (hostZone === undefined) delete process.env.TZ;
    else process.env.TZ = hostZone;
  });

  it('reads a time without a zone as UTC, whatever the host time zone', () => {
    for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham']) {
      process.env.TZ = zone; // Node applies a changed TZ at once
      expect(parseIsoTime('2026-11-22T08:45:23'), zone).toBe(Date.UTC(2026, 10, 22, 8, 45, 23));
      expect(parseIsoTime('2026-11-22T08:45'), zone).toBe(Date.UTC(2026, 10, 22, 8, 45));
      expect(parseIsoTime('2026-11-22'), zone).toBe(Date.UTC(2026, 10, 22));
    }
  });

  it('applies Z and numeric offsets, and keeps milliseconds', () => {
    expect(parseIsoTime('2026-03-10T12:00:00Z')).toBe(Date.UTC(2026, 2, 10, 12));
    expect(parseIsoTime('2026-03-10T13:30:00+01:30')).toBe(Date.UTC(2026, 2, 10, 12));
    expect(parseIsoTime('2026-03-10T07:00:00-0500')).toBe(Date.UTC(2026, 2, 10, 12));
    expect(parseIsoTime('2026-03-10T12:00:00.123456Z')).toBe(Date.UTC(2026, 2, 10, 12, 0, 0, 123));
    expect(parseIsoTime('2026-03-10T12:00:00.5')).toBe(Date.UTC(2026, 2, 10, 12, 0, 0, 500));
    expect(parseIsoTime('2024-02-29T00:00:00Z')).toBe(Date.UTC(2024, 1, 29));
  });

  it('refuses what is not a real date-time', () => {
    for (const bad of [
      '2026-02-31T00:00:00Z',
      '2026-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-03-10T24:00:00',
      '2026-03-10T12:60',
      '2026-03-10T12:00:61Z',
      '2026-03-10T12:00:00+24:00',
      '2026-03-10T12:00:00+01:75',
      '10.03.2026',
      '2026-03-10 12:00',
      '2026-3-10',
      '',
      'now',
    ]) {
      expect(parseIsoTime(bad), bad).toBeNull();
    }
  });
});
