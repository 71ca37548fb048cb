import { DAY_MS, dateKey } from '../../platform/time.js';

/**
 * Lots (docs/loyalty-economics.md, decisions 145–147): a user's spendable points grouped by the UTC
 * day they entered the balance (`earnedOn`, YYYY-MM-DD; `''` for points from before lots were kept
 * or earned while expiry was off). The sum of a user's lots is always the balance. Pure functions:
 * the write path (ledger-batch.ts) keeps the lots of the users it has locked with them.
 */
export type Lots = Map<string, number>;

/** The lot of points earned while expiry is off (and of balances from before lots existed). */
export const UNDATED = '';

/** A project's expiry setting (null: points do not expire). `since`: the UTC day it was switched on. */
export interface ExpiryPolicy {
  afterDays: number;
  since: string;
}

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

export function addDays(day: string, days: number): string {
  return dateKey(dayStart(day) + days * DAY_MS);
}

/** The last millisecond of a UTC day: points expiring on that day can be spent up to it (decision 145). */
export function endOfDay(day: string): number {
  return dayStart(day) + DAY_MS - 1;
}

/** The lot a credit written at `now` goes into. */
export function lotFor(policy: ExpiryPolicy | null, now: number): string {
  return policy ? dateKey(now) : UNDATED;
}

/**
 * The UTC day at whose end a lot expires, or null (expiry off). Its clock starts on the later of
 * the day it was earned and the day expiry was switched on (decision 147).
 */
export function expiresOn(earnedOn: string, policy: ExpiryPolicy | null): string | null {
  if (!policy) return null;
  return addDays(earnedOn > policy.since ? earnedOn : policy.since, policy.afterDays);
}

/** Whether the lot's last day has passed at `now`. */
export function isExpired(earnedOn: string, policy: ExpiryPolicy | null, now: number): boolean {
  const last = expiresOn(earnedOn, policy);
  return last !== null && last < dateKey(now);
}

/** The lots' keys in the order they are spent: the first to expire first, never-expiring last, then by day earned. */
export function spendOrder(lots: Lots, policy: ExpiryPolicy | null): string[] {
  return [...lots.keys()].sort((a, b) => {
    const ea = expiresOn(a, policy);
    const eb = expiresOn(b, policy);
    if (ea !== eb) {
      if (ea === null) return 1;
      if (eb === null) return -1;
      return ea < eb ? -1 : 1;
    }
    return a < b ? -1 : a > b ? 1 : 0;
  });
}

/** Adds a credit to its lot. */
export function credit(lots: Lots, lot: string, points: number): void {
  if (points > 0) lots.set(lot, (lots.get(lot) ?? 0) + points);
}

/**
 * Takes `points` from the lots: from `first` (a reversed credit's own lot) as far as it goes, then
 * in spend order. Returns what was taken (less than asked only when the lots run out).
 */
export function take(lots: Lots, points: number, policy: ExpiryPolicy | null, first: string | null = null): number {
  let left = points;
  const order = spendOrder(lots, policy);
  if (first !== null && lots.has(first)) order.unshift(first);
  for (const key of order) {
    if (left === 0) break;
    const has = lots.get(key);
    if (has === undefined) continue;
    const used = Math.min(has, left);
    left -= used;
    if (has === used) lots.delete(key);
    else lots.set(key, has - used);
  }
  return points - left;
}

/** The points of the lots that have expired at `now` (they are the first in spend order). */
export function expiredPoints(lots: Lots, policy: ExpiryPolicy | null, now: number): number {
  let sum = 0;
  for (const [key, points] of lots) if (isExpired(key, policy, now)) sum += points;
  return sum;
}

/** The next `count` expiry days at `now` (today included) with the points expiring at the end of each. */
export function expiring(
  lots: Lots,
  policy: ExpiryPolicy | null,
  now: number,
  count = 3,
): Array<{ points: number; expiresOn: string; expiresAt: number }> {
  const byDay = new Map<string, number>();
  const today = dateKey(now);
  for (const [key, points] of lots) {
    const day = expiresOn(key, policy);
    if (day === null || day < today) continue;
    byDay.set(day, (byDay.get(day) ?? 0) + points);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .slice(0, count)
    .map(([day, points]) => ({ points, expiresOn: day, expiresAt: endOfDay(day) }));
}

/**
 * Makes the lots add up to the balance (decision 350): lots are kept only while expiry is on, so the
 * stored rows of a user may miss points credited while it was off (a shortfall: undated points) or
 * still hold points spent then (a surplus: taken in spend order, as a debit would). Returns whether
 * the lots changed.
 */
export function reconcile(lots: Lots, balance: number, policy: ExpiryPolicy | null): boolean {
  const sum = total(lots);
  if (sum < balance) credit(lots, UNDATED, balance - sum);
  else if (sum > balance) take(lots, sum - balance, policy);
  return sum !== balance;
}

/** A user's stored lot rows, made to add up to the balance (what readers outside the write path show). */
export function lotsOfBalance(
  rows: ReadonlyArray<{ earned_on: string; remaining: number | string }>,
  balance: number,
  policy: ExpiryPolicy | null,
): Lots {
  const lots: Lots = new Map(rows.map((r) => [r.earned_on, Number(r.remaining)]));
  reconcile(lots, balance, policy);
  return lots;
}

/** The total of the lots (equals the balance). */
export function total(lots: Lots): number {
  let sum = 0;
  for (const p of lots.values()) sum += p;
  return sum;
}
