/**
 * Calendar arithmetic in a user's IANA time zone, from the platform's Intl (its ICU zone data; no
 * zone tables of our own). A "wall time" is the local date and time of an instant written as if it
 * were UTC ms, so the UTC calendar functions of time.ts read the local calendar from it.
 */
export const UTC = 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Zone names start with a letter (an offset such as `+05:45` is not a zone name). */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/**
 * The name of an IANA zone as it is kept, or null when Intl does not know the zone. The name keeps
 * the caller's choice among aliases (`Asia/Kathmandu` stays, though the ICU of Node 20 resolves it to
 * the older `Asia/Katmandu`); only a different letter case is corrected (`utc` → `UTC`).
 */
export function canonicalTimeZone(name: string): string | null {
  if (!ZONE_NAME.test(name)) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return null;
  }
}

/**
 * Offsets by zone and quarter hour: every zone transition of the zone database since 1970 falls
 * on a quarter hour of UTC, and formatting a date costs more than the rest of an event's bookkeeping.
 */
const offsets = new Map<string, number>();
const OFFSETS_KEPT = 4096;
const QUARTER_HOUR_MS = 900_000;

/** The zone's offset from UTC at `ms`, in ms (positive east of Greenwich). */
export function zoneOffset(zone: string, ms: number): number {
  if (zone === UTC) return 0;
  const key = `${zone}\u0000${Math.floor(ms / QUARTER_HOUR_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const p: Record<string, number> = {};
    for (const part of formatter(zone).formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
    const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
    offset = wall - Math.floor(ms / 1000) * 1000;
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The local date and time of `ms` in `zone`, as UTC ms (read it with the UTC functions of time.ts). */
export function wallTime(ms: number, zone: string): number {
  return ms + zoneOffset(zone, ms);
}

/**
 * The instant at which the clocks of `zone` show `wall`. A wall time skipped by a DST change (a
 * gap) gives the instant after the gap; one shown twice (an overlap) gives the first of the two.
 */
export function instantOfWallTime(wall: number, zone: string): number {
  if (zone === UTC) return wall;
  const before = wall - zoneOffset(zone, wall - 86_400_000);
  const after = wall - zoneOffset(zone, wall + 86_400_000);
  const candidates = [before, after].filter((t) => wallTime(t, zone) === wall).sort((a, b) => a - b);
  if (candidates.length > 0) return candidates[0]!;
  return wall - zoneOffset(zone, wall - 86_400_000); // in a gap: the old offset lands after the gap
}
