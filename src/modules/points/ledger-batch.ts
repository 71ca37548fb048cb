import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database.js';
import { AppError } from '../../http/errors.js';
import { KeyedSelect, KeyedUpdate, RowsInsert, RowsUpsert } from '../../platform/db/rows.js';
import { deleteUnusedNewUser, insertMissingUsers, lockUserRows } from '../users/index.js';
import { dateKey } from '../../platform/time.js';
import { UTC } from '../../platform/time-zone.js';
import { historyJson, historyText, type LedgerEntryInput } from './ledger.js';
import { credit, expiredPoints, lotFor, take, total, UNDATED, type ExpiryPolicy, type Lots } from './lots.js';
import './lots.tables.js';
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
  /** A pending credit (decision 148): the entry is written with 0 points and these wait until `availableAt`. */
  pending?: { points: number; availableAt: number };
  /** A debit that takes from this lot first (a reversal: the reversed credit's own lot). */
  lotFirst?: string | null;
  /** Set by the ledger: the lot a credit went into. */
  lot?: string | null;
  /** Set by the ledger: the entry is a pending credit becoming available (its row is updated, not appended). */
  release?: PendingCredit;
}

/** A pending credit of a user the batch holds (loaded with the user's row lock). */
export interface PendingCredit {
  entryId: number;
  projectId: string;
  userId: string;
  type: string;
  sourceId: string;
  points: number;
  occurredAt: number;
  availableAt: number;
  boardGroups: readonly string[];
  state: 'pending' | 'released' | 'canceled';
  /** The lot it went into when released. */
  lot: string | null;
}

/** Where the ledger reads a project's expiry setting (null: none of the project's points expire). */
export interface ExpirySource {
  policy(projectId: string, batch: WriteBatch): Promise<ExpiryPolicy | null>;
  /** The query builder of the store (the queries run on the batch's session). */
  readonly db: Queryable;
}

/** The points an entry counts for on leaderboards and in tier windows, and when: every entry but spending. */
export function boardEffect(e: BatchEntry): { points: number; occurredAt: number } | null {
  // Season prizes (SEASON) reward a board that has closed; they do not seed the next one (decision 162).
  // Expiry is not spending on the boards either: the points were earned (decision 146).
  if (e.type === 'REDEMPTION' || e.type === 'SEASON' || e.type === 'EXPIRY') return null;
  if (e.board && e.board.points === 0) return null;
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
  /** The user's lots (sum == points) and the lot keys stored before the batch. */
  lots: Lots;
  storedLots: Set<string>;
  lotsChanged: boolean;
  /**
   * The batch inserted the user's row (autoCreateUsers): the user becomes live only when a unit that
   * may create it is applied (`createIfWanted`), so units before it see no user, as one by one.
   */
  inserted: boolean;
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
    pending_points: 'int8',
    available_at: 'int8',
    lot: 'text',
  },
});

/** A pending credit that became available, or was cancelled by a reversal (its row shows its state). */
const settlePending = new KeyedUpdate({
  description: 'pending ledger entries',
  table: 'ledger',
  keys: { project_id: 'text', user_id: 'text', entry_id: 'int8' },
  set: { points: 'int8', pending_points: 'int8', lot: 'text' },
});

const lotsOfUsers = new KeyedSelect({
  description: 'point lots of users',
  table: 'point_lots',
  keys: { project_id: 'text', user_id: 'text' },
  select: ['user_id', 'earned_on', 'remaining'],
});

const pendingOfUsers = new KeyedSelect({
  description: 'pending credits of users',
  table: 'ledger',
  keys: { project_id: 'text', user_id: 'text' },
  select: ['entry_id', 'user_id', 'type', 'source_id', 'pending_points', 'occurred_at', 'available_at', 'metadata'],
  where: sql<boolean>`t.pending_points > 0`,
  orderBy: ['entry_id'],
});

const upsertLots = new RowsUpsert({
  description: 'point lots',
  table: 'point_lots',
  keys: { project_id: 'text', user_id: 'text', earned_on: 'text' },
  columns: { remaining: 'int8' },
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
  private readonly policies = new Map<string, ExpiryPolicy | null>();
  private readonly pending = new Map<string, PendingCredit>();
  /** Where expiry settings come from (set by the write path; null: lots are kept, nothing expires). */
  expiry: ExpirySource | null = null;

  constructor(private readonly batch: WriteBatch) {}

  async load(): Promise<void> {
    const keys = new Map<string, { project_id: string; user_id: string }>();
    for (const u of this.batch.units) keys.set(userKey(u.projectId, u.userId), { project_id: u.projectId, user_id: u.userId });
    const sorted = [...keys.values()].sort((a, b) => compare(a.project_id, b.project_id) || compare(a.user_id, b.user_id));
    for (const k of sorted)
      this.balances.set(userKey(k.project_id, k.user_id), {
        projectId: k.project_id,
        userId: k.user_id,
        points: 0,
        live: false,
        changed: false,
        timeZone: UTC,
        lastActiveAt: null,
        active: false,
        lots: new Map(),
        storedLots: new Set(),
        lotsChanged: false,
        inserted: false,
      });
    const inserted = await this.insertMissingUsers();
    // The users' lots and pending credits are read in the same round trip, behind the lock.
    const [rows] = await Promise.all([lockUserRows.run(this.batch.session, sorted), this.loadEconomy(sorted)]);
    for (const row of rows) {
      const b = this.balances.get(userKey(row.project_id, row.user_id))!;
      b.points = Number(row.points);
      b.inserted = inserted.has(userKey(row.project_id, row.user_id));
      b.live = row.deleted_at === null && !b.inserted;
      b.timeZone = row.time_zone ?? UTC;
      b.lastActiveAt = row.last_active_at == null ? null : Number(row.last_active_at);
    }
    this.reconcileAndSettle();
  }

  /**
   * Inserts the users that units may create (autoCreateUsers) before they are locked, in key order
   * (so two batches never wait on each other's new rows). Their rows commit or roll back with the batch.
   */
  private async insertMissingUsers(): Promise<Set<string>> {
    const wanted = new Map<string, { project_id: string; user_id: string }>();
    for (const u of this.batch.units)
      if (u.createUser) wanted.set(userKey(u.projectId, u.userId), { project_id: u.projectId, user_id: u.userId });
    if (wanted.size === 0) return new Set();
    const sorted = [...wanted.values()].sort((a, b) => compare(a.project_id, b.project_id) || compare(a.user_id, b.user_id));
    const now = this.batch.now;
    const rows = await insertMissingUsers.run(
      this.batch.session,
      sorted.map((k) => ({ ...k, created_at: now, points: 0, anonymous: 0, time_zone: UTC })),
    );
    return new Set(rows.map((r) => userKey(r.project_id, r.user_id)));
  }

  /** A unit that may create its user (autoCreateUsers) is applied: a user the batch inserted becomes live. */
  createIfWanted(projectId: string, userId: string): void {
    const b = this.balances.get(userKey(projectId, userId));
    if (b?.inserted) b.live = true;
  }

  /**
   * Reads the batch users' lots, their pending credits and their projects' expiry settings (all
   * statements at once: they are answered behind the users' lock).
   */
  private async loadEconomy(users: ReadonlyArray<{ project_id: string; user_id: string }>): Promise<void> {
    if (!this.expiry) return;
    const byProject = new Map<string, string[]>();
    for (const k of users) {
      const ids = byProject.get(k.project_id);
      if (ids) ids.push(k.user_id);
      else byProject.set(k.project_id, [k.user_id]);
    }
    await Promise.all([...byProject].map(([projectId, userIds]) => this.loadProjectEconomy(projectId, userIds)));
  }

  private async loadProjectEconomy(projectId: string, userIds: string[]): Promise<void> {
    const session = this.batch.session;
    const expiry = this.expiry!;
    const keys = userIds.map((userId) => ({ project_id: projectId, user_id: userId }));
    const [policy, lots, pending] = await Promise.all([
      expiry.policy(projectId, this.batch),
      lotsOfUsers.run(session, keys),
      pendingOfUsers.run(session, keys),
    ]);
    this.policies.set(projectId, policy);
    for (const r of lots) {
      const b = this.balances.get(userKey(projectId, r.user_id))!;
      b.lots.set(r.earned_on, Number(r.remaining));
      b.storedLots.add(r.earned_on);
    }
    for (const r of pending) {
      const meta = r.metadata ? (JSON.parse(r.metadata) as { boardGroups?: string[] }) : {};
      this.pending.set(pendingKey(projectId, r.user_id, Number(r.entry_id)), {
        entryId: Number(r.entry_id),
        projectId,
        userId: r.user_id,
        type: r.type,
        sourceId: r.source_id,
        points: Number(r.pending_points),
        occurredAt: Number(r.occurred_at),
        availableAt: Number(r.available_at),
        boardGroups: meta.boardGroups ?? [],
        state: 'pending',
        lot: null,
      });
    }
  }

  /**
   * Settles each user of the batch (decision 146): lots whose last day has passed expire (one
   * EXPIRY entry) and pending credits that are due become available — before any unit is decided,
   * so no unit of the batch can spend expired points, and the daily job and a user's own writes
   * settle alike.
   */
  private reconcileAndSettle(): void {
    for (const b of this.balances.values()) {
      // The lots always add up to the balance; rows written around the write path (seeds) are set
      // right here: a shortfall becomes undated points. A user being deleted is left to its job.
      if (!b.live) continue;
      const sum = total(b.lots);
      if (sum < b.points) credit(b.lots, UNDATED, b.points - sum);
      else if (sum > b.points) take(b.lots, sum - b.points, this.policyOf(b.projectId));
      if (sum !== b.points) b.lotsChanged = true;
    }
    for (const b of this.balances.values()) if (b.live) this.settle(b);
  }

  private settle(b: Balance): void {
    const now = this.batch.now;
    const policy = this.policyOf(b.projectId);
    const expired = expiredPoints(b.lots, policy, now);
    if (expired > 0) {
      this.record(
        {
          projectId: b.projectId,
          userId: b.userId,
          type: 'EXPIRY',
          sourceId: dateKey(now),
          points: -expired,
          occurredAt: now,
          title: { de: 'Punkte verfallen', en: 'Points expired' },
          description: historyText(`${expired} points reached the end of their last day`),
          boardGroups: [],
        },
        'clamp',
      );
    }
    for (const p of this.pending.values()) {
      if (p.projectId !== b.projectId || p.userId !== b.userId || p.state !== 'pending' || p.availableAt > now) continue;
      p.state = 'released';
      this.record({
        projectId: p.projectId,
        userId: p.userId,
        type: p.type as BatchEntry['type'],
        sourceId: p.sourceId,
        points: p.points,
        occurredAt: p.availableAt,
        title: { de: '', en: '' },
        description: { de: '', en: '' },
        boardGroups: p.boardGroups,
        board: { points: p.points, occurredAt: p.availableAt },
        release: p,
      });
    }
  }

  /** The expiry setting of a project of the batch (null: off). */
  policyOf(projectId: string): ExpiryPolicy | null {
    return this.policies.get(projectId) ?? null;
  }

  /** The user's lots as decided so far (read only; the sum is the balance). */
  lotsOf(projectId: string, userId: string): ReadonlyMap<string, number> {
    return this.balances.get(userKey(projectId, userId))?.lots ?? new Map();
  }

  /** A pending credit of a batch user (pending, released in this batch, or cancelled in it), by its entry id. */
  pendingCredit(projectId: string, userId: string, entryId: number): PendingCredit | undefined {
    return this.pending.get(pendingKey(projectId, userId, entryId));
  }

  /** Cancels a pending credit (a reversal): it never becomes available. Changes no balance. */
  cancelPending(credit: PendingCredit): void {
    if (credit.state !== 'pending') throw new Error('only a pending credit can be cancelled');
    credit.state = 'canceled';
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
    if (entry.type !== 'ADJUSTMENT' && entry.type !== 'EXPIRY' && !entry.release) b.active = true;
    const policy = this.policyOf(entry.projectId);
    let lot: string | null = null;
    if (points > 0) credit(b.lots, (lot = lotFor(policy, this.batch.now)), points);
    else if (points < 0) take(b.lots, -points, policy, entry.lotFirst ?? null);
    if (points !== 0) b.lotsChanged = true;
    if (entry.release) entry.release.lot = lot;
    this.entries.push({ ...entry, points, lot });
    this.batch.notify({
      type: 'points.changed',
      projectId: entry.projectId,
      userId: entry.userId,
      occurredAt: entry.occurredAt,
      data: {
        userId: entry.userId,
        entryType: entry.type,
        sourceId: entry.sourceId,
        points: entry.pending ? 0 : points,
        balance: b.points,
        occurredAt: entry.occurredAt,
      },
    });
    return { points, balance: b.points };
  }

  /** Sends every statement at once (on PostgreSQL they are pipelined, in this order). */
  async write(): Promise<void> {
    const now = this.batch.now;
    const changed = [...this.balances.values()].filter((b) => b.changed);
    const balances = setBalances.run(
      this.batch.session,
      changed.map((b) => ({
        project_id: b.projectId,
        user_id: b.userId,
        points: b.points,
        last_active_at: b.active ? now : b.lastActiveAt,
      })),
    );
    const entries = insertEntries.run(
      this.batch.session,
      this.entries
        .filter((e) => !e.release)
        .map((e) => ({
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
        })) as never,
    );
    const settled = settlePending.run(
      this.batch.session,
      [...this.pending.values()]
        .filter((p) => p.state !== 'pending')
        .map((p) => ({
          project_id: p.projectId,
          user_id: p.userId,
          entry_id: p.entryId,
          points: p.state === 'released' ? p.points : 0,
          pending_points: 0,
          lot: p.lot,
        })) as never,
    );
    // A row inserted for a user that no unit went on to create is removed again (rare: every such unit was refused).
    const unused = [...this.balances.values()].filter((b) => b.inserted && !b.live);
    const removed = unused.map((b) => this.batch.session.run(deleteUnusedNewUser, { projectId: b.projectId, userId: b.userId }));
    await Promise.all([balances, entries, settled, this.writeLots(), ...removed]);
  }

  /** Each changed user's lots: rows of 0 are deleted, the others updated or inserted. */
  private async writeLots(): Promise<void> {
    const rows: Array<{ row: { project_id: string; user_id: string; earned_on: string; remaining: number }; exists: boolean }> = [];
    const session = this.batch.session;
    if (!this.expiry) return;
    const deletes: Array<Promise<unknown>> = [];
    for (const b of this.balances.values()) {
      if (!b.lotsChanged) continue;
      for (const [earnedOn, remaining] of b.lots)
        rows.push({
          row: { project_id: b.projectId, user_id: b.userId, earned_on: earnedOn, remaining },
          exists: b.storedLots.has(earnedOn),
        });
      const gone = [...b.storedLots].filter((k) => !b.lots.has(k));
      if (gone.length > 0) {
        deletes.push(
          session.execute(
            this.expiry.db
              .deleteFrom('point_lots')
              .where('project_id', '=', b.projectId)
              .where('user_id', '=', b.userId)
              .where('earned_on', 'in', gone),
          ),
        );
      }
    }
    await Promise.all([...deletes, upsertLots.run(session, rows)]);
  }
}

const pendingKey = (projectId: string, userId: string, entryId: number) => `${projectId}\u0000${userId}\u0000${entryId}`;

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
