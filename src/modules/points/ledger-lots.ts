import type { Queryable } from '../../platform/db/database.js';
import type { SqlSession } from '../../write-path/session.js';
import { credit, lotFor, reconcile, take, type ExpiryPolicy, type Lots } from './lots.js';
import './lots.tables.js';
import { deleteLots, upsertLots } from './points.sql.js';

/**
 * The ledger's lots and expiry (decision 145; lots.ts decides): each batch user's points by the day
 * they were earned, read with the user's lock, kept adding up to the balance as entries are
 * decided, and written once per batch.
 */

/** A user's lots in a batch. */
export interface HeldLots {
  /** The user's lots (sum == points) and the lot keys stored before the batch. */
  lots: Lots;
  storedLots: Set<string>;
  lotsChanged: boolean;
}

/** A stored lot row read into the user's lots. */
export function readLot(b: HeldLots, r: { earned_on: string; remaining: number | string }): void {
  b.lots.set(r.earned_on, Number(r.remaining));
  b.storedLots.add(r.earned_on);
}

/**
 * The lots always add up to the balance; rows written around the write path (seeds), and rows left
 * as they were while expiry was off (decision 350), are set right here: a shortfall becomes undated
 * points, a surplus is taken as a debit would.
 */
export function reconcileLots(b: HeldLots, points: number, policy: ExpiryPolicy | null): void {
  if (reconcile(b.lots, points, policy)) b.lotsChanged = true;
}

/** Each changed user's lots: rows of 0 are deleted, the others updated or inserted (sent at once). */
export async function writeLots(
  session: SqlSession,
  db: Queryable,
  balances: Iterable<HeldLots & { projectId: string; userId: string }>,
): Promise<void> {
  const rows: Array<{ row: { project_id: string; user_id: string; earned_on: string; remaining: number }; exists: boolean }> = [];
  const deletes: Array<Promise<unknown>> = [];
  for (const b of balances) {
    if (!b.lotsChanged) continue;
    for (const [earnedOn, remaining] of b.lots)
      rows.push({
        row: { project_id: b.projectId, user_id: b.userId, earned_on: earnedOn, remaining },
        exists: b.storedLots.has(earnedOn),
      });
    const gone = [...b.storedLots].filter((k) => !b.lots.has(k));
    if (gone.length > 0) {
      deletes.push(session.execute(deleteLots(db, b.projectId, b.userId, gone)));
    }
  }
  await Promise.all([...deletes, upsertLots.run(session, rows)]);
}

/**
 * Moves a holding's lots by a decided change (a credit goes into the lot of `now`, a debit takes the
 * lots in expiry order, `lotFirst` first); returns the lot a credit went into.
 */
export function moveLots(b: HeldLots, points: number, policy: ExpiryPolicy | null, now: number, lotFirst: string | null): string | null {
  let lot: string | null = null;
  if (points > 0) credit(b.lots, (lot = lotFor(policy, now)), points);
  else if (points < 0) take(b.lots, -points, policy, lotFirst);
  if (points !== 0) b.lotsChanged = true;
  return lot;
}
