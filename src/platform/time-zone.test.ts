import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, instantOfWallTime, wallTime, zoneOffset } from './time-zone.js';

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe('time zones from Intl', () => {
  it('knows IANA names, spells them canonically and refuses anything else', () => {
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Asia/Kathmandu')).toBe('Asia/Kathmandu');
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata'); // an alias is kept as given
    for (const bad of ['Mars/Olympus_Mons', '+05:45', '', 'Europe/Berlin ', '../etc/passwd', 'x'.repeat(65)])
      expect(canonicalTimeZone(bad)).toBeNull();
  });

  it('follows New York across the DST changes of March and November', () => {
    expect(zoneOffset('America/New_York', at('2026-03-08T06:59:59Z'))).toBe(-5 * HOUR);
    expect(zoneOffset('America/New_York', at('2026-03-08T07:00:00Z'))).toBe(-4 * HOUR);
    expect(zoneOffset('America/New_York', at('2026-11-01T05:59:59Z'))).toBe(-4 * HOUR);
    expect(zoneOffset('America/New_York', at('2026-11-01T06:00:00Z'))).toBe(-5 * HOUR);
  });

  it('follows Berlin, Auckland (southern summer) and Kathmandu (+05:45)', () => {
    expect(zoneOffset('Europe/Berlin', at('2026-03-29T00:59:59Z'))).toBe(1 * HOUR);
    expect(zoneOffset('Europe/Berlin', at('2026-03-29T01:00:00Z'))).toBe(2 * HOUR);
    expect(zoneOffset('Pacific/Auckland', at('2026-01-15T00:00:00Z'))).toBe(13 * HOUR);
    expect(zoneOffset('Pacific/Auckland', at('2026-04-05T14:00:00Z'))).toBe(12 * HOUR); // NZDT ended 03:00 local on 5 April
    expect(zoneOffset('Asia/Kathmandu', at('2026-06-01T00:00:00Z'))).toBe(5.75 * HOUR);
  });

  it('turns local wall times into instants: a time in the spring gap lands after it, an autumn overlap takes the first', () => {
    expect(wallTime(at('2026-03-08T12:00:00Z'), 'America/New_York')).toBe(at('2026-03-08T08:00:00Z'));
    expect(instantOfWallTime(at('2026-03-08T00:00:00Z'), 'America/New_York')).toBe(at('2026-03-08T05:00:00Z'));
    expect(instantOfWallTime(at('2026-03-09T00:00:00Z'), 'America/New_York')).toBe(at('2026-03-09T04:00:00Z'));
    expect(instantOfWallTime(at('2026-03-08T02:30:00Z'), 'America/New_York')).toBe(at('2026-03-08T07:30:00Z')); // 03:30 EDT
    expect(instantOfWallTime(at('2026-11-01T01:30:00Z'), 'America/New_York')).toBe(at('2026-11-01T05:30:00Z')); // 01:30 EDT
    expect(instantOfWallTime(at('2026-06-01T00:00:00Z'), 'Asia/Kathmandu')).toBe(at('2026-05-31T18:15:00Z'));
  });
});
