import { dateKey } from '../../platform/time.js';
import { UTC } from '../../platform/time-zone.js';
import { POINTS } from '../currencies/index.js';
import { historyJson } from './ledger.js';
import type { Balance, BatchEntry } from './ledger-types.js';
import type { insertEntries, setBalances } from './points.sql.js';
import { insertMissingUsers, type lockUserRows } from '../users/index.js';
import { userKey, type WriteBatch } from '../../write-path/write-batch.js';

/**
 * The rows the ledger's part of a batch reads into and writes from (ledger-batch.ts): a batch user's
 * holding before its row is read, and what `write` sends for the changed users and the new entries.
 */

/** A batch user's holding before the user's row is read (no points, not live, nothing loaded). */
export function unreadBalance(projectId: string, userId: string): Balance {
  return {
    projectId,
    userId,
    points: 0,
    live: false,
    changed: false,
    timeZone: UTC,
    lastActiveAt: null,
    rewardsAt: null,
    rewardsMoved: false,
    createdAt: 0,
    attributes: null,
    active: false,
    lots: new Map(),
    storedLots: new Set(),
    lotsChanged: false,
    inserted: false,
    purses: null,
  };
}

/** What the user's locked row holds; `inserted`: the keys of the users the batch itself inserted (not live until a unit creates them). */
export function readUserRow(b: Balance, row: Awaited<ReturnType<typeof lockUserRows.run>>[number], inserted: ReadonlySet<string>): void {
  b.points = Number(row.points);
  b.inserted = inserted.has(userKey(row.project_id, row.user_id));
  b.live = row.deleted_at === null && !b.inserted;
  b.timeZone = row.time_zone ?? UTC;
  b.lastActiveAt = row.last_active_at == null ? null : Number(row.last_active_at);
  b.rewardsAt = row.rewards_at == null ? null : Number(row.rewards_at);
  b.createdAt = Number(row.created_at);
  b.attributes = row.attributes ?? null;
}

type UserKey = { project_id: string; user_id: string };

/** The order a batch takes its users' rows in (key order: two batches never wait on each other in a circle). */
export function byUserKey(a: UserKey, b: UserKey): number {
  return compare(a.project_id, b.project_id) || compare(a.user_id, b.user_id);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Inserts the users that the batch's units may create (autoCreateUsers) before they are locked, in key
 * order (so two batches never wait on each other's new rows). Their rows commit or roll back with the
 * batch. Returns the keys (`userKey`) of the users it inserted.
 */
export async function insertWantedUsers(batch: WriteBatch): Promise<Set<string>> {
  const wanted = new Map<string, UserKey>();
  for (const u of batch.units) if (u.createUser) wanted.set(userKey(u.projectId, u.userId), { project_id: u.projectId, user_id: u.userId });
  if (wanted.size === 0) return new Set();
  const sorted = [...wanted.values()].sort(byUserKey);
  const now = batch.now;
  const rows = await insertMissingUsers.run(
    batch.session,
    sorted.map((k) => ({ ...k, created_at: now, points: 0, anonymous: 0, time_zone: UTC })),
  );
  return new Set(rows.map((r) => userKey(r.project_id, r.user_id)));
}

type BalanceRow = Parameters<typeof setBalances.run>[1][number];
type EntryRow = Parameters<typeof insertEntries.run>[1][number];

/** The user rows to update: every user whose points balance or rewards time moved (decision 347). */
export function balanceRows(balances: Iterable<Balance>, now: number): BalanceRow[] {
  const rows: BalanceRow[] = [];
  for (const b of balances) {
    if (!b.changed && !b.rewardsMoved) continue;
    rows.push({
      project_id: b.projectId,
      user_id: b.userId,
      points: b.points,
      last_active_at: b.active ? now : b.lastActiveAt,
      rewards_at: b.rewardsAt,
    });
  }
  return rows;
}

/**
 * The ledger rows of the batch's entries, in the order they were decided. A released pending credit
 * is not a new entry (its row is updated by ledger-pending.ts); a pending credit keeps the boards it
 * will count for in its metadata.
 */
export function entryRows(entries: readonly BatchEntry[], now: number): EntryRow[] {
  const rows: EntryRow[] = [];
  for (const e of entries) {
    if (e.release) continue;
    rows.push({
      project_id: e.projectId,
      user_id: e.userId,
      type: e.type,
      source_id: e.sourceId,
      points: e.points,
      occurred_at: e.occurredAt,
      date_key: dateKey(e.occurredAt),
      title: historyJson(e.title),
      description: historyJson(e.description),
      image: e.image ?? null,
      metadata: e.pending
        ? JSON.stringify({ ...(e.metadata ?? {}), boardGroups: e.boardGroups })
        : e.metadata
          ? JSON.stringify(e.metadata)
          : null,
      created_at: now,
      pending_points: e.pending?.points ?? 0,
      available_at: e.pending?.availableAt ?? null,
      lot: e.lot ?? null,
      currency: e.currency ?? POINTS,
      // The row type names pending_points and currency as generated (they have defaults): they are given here.
    } as never);
  }
  return rows;
}
