/**
 * Calendar arithmetic in UTC. Days start at 00:00 UTC, weeks on Monday, months on the 1st.
 * Pure functions of a millisecond timestamp; the current time comes from the Clock.
 */
export const DAY_MS = 86_400_000;

/**
 * The keys of recent days, by day number: the write path asks for the same few days for every
 * event, and formatting a date costs more than the rest of its bookkeeping.
 */
const dayKeys = new Map<number, string>();
const DAY_KEYS_KEPT = 1024;

function dayIso(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let key = dayKeys.get(day);
  if (key === undefined) {
    key = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (dayKeys.size >= DAY_KEYS_KEPT) dayKeys.clear();
    dayKeys.set(day, key);
  }
  return key;
}

/** YYYY-MM-DD of the UTC day containing `ms`. */
export function dateKey(ms: number): string {
  return Number.isFinite(ms) ? dayIso(ms) : new Date(ms).toISOString().slice(0, 10);
}

/** YYYY-MM of the UTC month containing `ms`. */
export function monthKey(ms: number): string {
  return Number.isFinite(ms) ? dayIso(ms).slice(0, 7) : new Date(ms).toISOString().slice(0, 7);
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

const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):?(\d{2}))?)?$/;

/**
 * Parses an ISO 8601 date or date-time into ms, or null when malformed or not a real date
 * (2026-02-31, 24:00). A time without a zone designator is UTC, like a date alone: the result
 * never depends on the host's time zone (Date.parse would read `2026-03-10T12:00:00` as local time).
 */
export function parseIsoTime(text: string): number | null {
  const m = ISO_8601.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const millis = Math.floor(Number(`0.${m[7] ?? '0'}`) * 1000);
  const offset = m[9] === undefined ? 0 : (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11]));
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  if (Math.abs(offset) >= 24 * 60 || Number(m[11] ?? 0) > 59) return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCMonth() !== month - 1) return null; // day past the end of the month
  date.setUTCHours(hour, minute, second, millis);
  return date.getTime() - offset * 60_000;
}
