import { AppError } from '../../http/errors.js';
import { KeyedUpdate, RowsInsert } from '../../platform/db/rows.js';
import { lockUserRows } from '../users/users.repository.js';
import { dateKey } from '../../platform/time.js';
import { UTC } from '../../platform/time-zone.js';
import { historyJson, type LedgerEntryInput } from './ledger.js';
import { assertPointsInRange, balanceOutOfRange, highestBalanceFor } from './points-range.js';
import { userKey, type BatchPart, type WriteBatch } from './write-batch.js';

/** How a debit that does not fit the balance is handled: refused (`refuse`) or cut to what is there (`clamp`). */
export type DebitMode = 'refuse' | 'clamp';

/** A ledger entry decided in a batch. */
export interface BatchEntry extends LedgerEntryInput {
  /** User groups (besides `default`) the entry counts for on leaderboards: those of the event that caused it. */
  boardGroups: readonly string[];
  /**
   * What the entry changes on the boards (and in tier windows) when that differs from the entry
   * itself: a REVERSAL takes the reversed points off the boards of the reversed entry's period.
   */
  board?: { points: number; occurredAt: number };
}

/** The points an entry counts for on leaderboards and in tier windows, and when: every entry but spending. */
export function boardEffect(e: BatchEntry): { points: number; occurredAt: number } | null {
  // Season prizes (SEASON) reward a board that has closed; they do not seed the next one (decision 162).
  if (e.type === 'REDEMPTION' || e.type === 'SEASON') return null;
  return e.board ?? e;
}

interface Balance {
  projectId: string;
  userId: string;
  points: number;
  live: boolean;
  changed: boolean;
  /** The user's IANA time zone (its calendar for streak periods and event limits). */
  timeZone: string;
  /** users.last_active_at as loaded (null: never active). */
  lastActiveAt: number | null;
  /** Whether the batch recorded something the user did (any entry but an admin adjustment). */
  active: boolean;
}

const setBalances = new KeyedUpdate({
  description: 'user balances',
  table: 'users',
  keys: { project_id: 'text', user_id: 'text' },
  set: { points: 'int8', last_active_at: 'int8' },
});

const insertEntries = new RowsInsert({
  description: 'ledger entries',
  table: 'ledger',
  columns: {
    project_id: 'text',
    user_id: 'text',
    type: 'text',
    source_id: 'text',
    points: 'int8',
    occurred_at: 'int8',
    date_key: 'text',
    title: 'text',
    description: 'text',
    image: 'text',
    metadata: 'text',
    created_at: 'int8',
  },
});

/**
 * The ledger's part of a batch (the ledger is the truth: every change of points is one appended
 * row, and the balance moves with it). `load` locks the rows of the batch's users with the users
 * module's liveness lock (decision 080; in key order on PostgreSQL, SQLite has one writer) and
 * reads their balances and whether they are live; every
 * entry is decided in memory against those balances; `write` sets each changed balance once and
 * appends the entries in the order they were decided.
 */
export class LedgerBatch implements BatchPart {
  readonly entries: BatchEntry[] = [];
  private readonly balances = new Map<string, Balance>();

  constructor(private readonly batch: WriteBatch) {}

  async load(): Promise<void> {
    const keys = new Map<string, { project_id: string; user_id: string }>();
    for (const u of this.batch.units) keys.set(userKey(u.projectId, u.userId), { project_id: u.projectId, user_id: u.userId });
    const sorted = [...keys.values()].sort((a, b) => compare(a.project_id, b.project_id) || compare(a.user_id, b.user_id));
    for (const k of sorted) this.balances.set(userKey(k.project_id, k.user_id), { projectId: k.project_id, userId: k.user_id, points: 0, live: false, changed: false, timeZone: UTC, lastActiveAt: null, active: false });
    for (const row of await lockUserRows.run(this.batch.session, sorted)) {
      const b = this.balances.get(userKey(row.project_id, row.user_id))!;
      b.points = Number(row.points);
      b.live = row.deleted_at === null;
      b.timeZone = row.time_zone ?? UTC;
      b.lastActiveAt = row.last_active_at == null ? null : Number(row.last_active_at);
    }
  }

  /** Whether the user exists and is not being deleted (a user being deleted takes no new writes). */
  isLive(projectId: string, userId: string): boolean {
    return this.balances.get(userKey(projectId, userId))?.live === true;
  }

  /** Throws USER_NOT_FOUND (404) unless the user is live. */
  requireLive(projectId: string, userId: string): void {
    if (!this.isLive(projectId, userId)) throw AppError.of('USER_NOT_FOUND', userId);
  }

  /** The user's time zone as locked with its row (UTC for an unknown user). */
  timeZone(projectId: string, userId: string): string {
    return this.balances.get(userKey(projectId, userId))?.timeZone ?? UTC;
  }

  /** The user's balance as decided so far in the batch (0 for an unknown user). */
  balance(projectId: string, userId: string): number {
    return this.balances.get(userKey(projectId, userId))?.points ?? 0;
  }

  /**
   * Appends one entry and moves the balance. Returns the points applied and the new balance.
   * Throws USER_NOT_FOUND, INSUFFICIENT_POINTS (a refused debit) or POINTS_OUT_OF_RANGE (a balance
   * beyond the safe integer range) before changing anything.
   */
  record(entry: BatchEntry, mode: DebitMode = 'refuse'): { points: number; balance: number } {
    this.requireLive(entry.projectId, entry.userId);
    assertPointsInRange(entry.points);
    const b = this.balances.get(userKey(entry.projectId, entry.userId))!;
    let points = entry.points;
    if (points < 0 && b.points + points < 0) {
      if (mode === 'refuse') throw AppError.of('INSUFFICIENT_POINTS', 'Not enough points');
      points = -b.points;
    }
    if (b.points > highestBalanceFor(points)) throw balanceOutOfRange();
    b.points += points;
    b.changed = true;
    if (entry.type !== 'ADJUSTMENT') b.active = true;
    this.entries.push(points === entry.points ? entry : { ...entry, points });
    this.batch.notify({
      type: 'points.changed',
      projectId: entry.projectId,
      userId: entry.userId,
      occurredAt: entry.occurredAt,
      data: { userId: entry.userId, entryType: entry.type, sourceId: entry.sourceId, points, balance: b.points, occurredAt: entry.occurredAt },
    });
    return { points, balance: b.points };
  }

  async write(): Promise<void> {
    const now = this.batch.now;
    const changed = [...this.balances.values()].filter((b) => b.changed);
    await setBalances.run(
      this.batch.session,
      changed.map((b) => ({ project_id: b.projectId, user_id: b.userId, points: b.points, last_active_at: b.active ? now : b.lastActiveAt })),
    );
    await insertEntries.run(
      this.batch.session,
      this.entries.map((e) => ({
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
        metadata: e.metadata ? JSON.stringify(e.metadata) : null,
        created_at: now,
      })),
    );
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
