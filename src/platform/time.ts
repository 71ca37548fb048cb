/**
 * Calendar arithmetic in UTC. Days start at 00:00 UTC, weeks on Monday, months on the 1st.
 * Pure functions of a millisecond timestamp; the current time comes from the Clock.
 */
export const DAY_MS = 86_400_000;

/** YYYY-MM-DD of the UTC day containing `ms`. */
export function dateKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** YYYY-MM of the UTC month containing `ms`. */
export function monthKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

export function startOfDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** Monday 00:00 UTC of the week containing `ms`. */
export function startOfWeek(ms: number): number {
  const day = startOfDay(ms);
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday = 0
  return day - weekday * DAY_MS;
}

export function startOfMonth(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

export function startOfNextMonth(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

export function startOfYear(ms: number): number {
  return Date.UTC(new Date(ms).getUTCFullYear(), 0, 1);
}

/** Day number since the epoch (UTC), handy as an integer bucket key. */
export function dayNumber(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

export function dateKeyOfDayNumber(day: number): string {
  return dateKey(day * DAY_MS);
}

/** Parses YYYY-MM into the month's first millisecond, or null when malformed. */
export function parseMonthKey(value: string): number | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value);
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, 1);
}
