import { describe, expect, it } from 'vitest';
import { limitPeriodKey } from './limit-period.js';

describe('limitPeriodKey', () => {
  it('keys days, Monday weeks, months (UTC) and lifetime', () => {
    const sunday = Date.UTC(2026, 0, 18, 23, 59, 59, 999);
    const monday = Date.UTC(2026, 0, 19, 0, 0);
    expect(limitPeriodKey('daily', sunday)).toBe('D2026-01-18');
    expect(limitPeriodKey('daily', monday)).toBe('D2026-01-19');
    expect(limitPeriodKey('weekly', sunday)).toBe('W2026-01-12');
    expect(limitPeriodKey('weekly', monday)).toBe('W2026-01-19');
    expect(limitPeriodKey('weekly', Date.UTC(2026, 0, 1))).toBe('W2025-12-29');
    expect(limitPeriodKey('monthly', Date.UTC(2026, 1, 28, 23))).toBe('M2026-02');
    expect(limitPeriodKey('monthly', Date.UTC(2026, 2, 1))).toBe('M2026-03');
    expect(limitPeriodKey('lifetime', monday)).toBe('L');
  });
});

describe('limitPeriodKey in a user time zone', () => {
  it('keys the local day, not the UTC day', () => {
    // 03:30 UTC on the 16th is still the evening of the 15th in Los Angeles, already noon-ish of the 16th in Auckland.
    const t = Date.UTC(2026, 0, 16, 3, 30);
    expect(limitPeriodKey('daily', t, 'America/Los_Angeles')).toBe('D2026-01-15');
    expect(limitPeriodKey('daily', t, 'Pacific/Auckland')).toBe('D2026-01-16');
    expect(limitPeriodKey('daily', Date.UTC(2026, 0, 15, 18, 20), 'Asia/Kathmandu')).toBe('D2026-01-16'); // 00:05 local
    expect(limitPeriodKey('daily', Date.UTC(2026, 0, 15, 18, 10), 'Asia/Kathmandu')).toBe('D2026-01-15'); // 23:55 local
  });

  it('keys the local Monday week and the local month', () => {
    // Sunday 2026-03-29 23:30 in Berlin (after the spring change, UTC+2) is 21:30 UTC.
    expect(limitPeriodKey('weekly', Date.UTC(2026, 2, 29, 21, 30), 'Europe/Berlin')).toBe('W2026-03-23');
    expect(limitPeriodKey('weekly', Date.UTC(2026, 2, 29, 22, 30), 'Europe/Berlin')).toBe('W2026-03-30');
    expect(limitPeriodKey('monthly', Date.UTC(2026, 2, 31, 12), 'Pacific/Auckland')).toBe('M2026-04');
    expect(limitPeriodKey('monthly', Date.UTC(2026, 3, 1, 3), 'America/New_York')).toBe('M2026-03');
  });
});
