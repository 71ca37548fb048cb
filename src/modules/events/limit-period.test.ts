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
