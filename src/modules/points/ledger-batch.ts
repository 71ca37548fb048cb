import { AppError } from '../../platform/errors.js';
import { lockUserRows, writeNewUsers } from '../users/index.js';
import { UTC } from '../../platform/time-zone.js';
import type { ExpiryPolicy } from './lots.js';
import { moveLots, readLot, reconcileLots, writeLots } from './ledger-lots.js';
import { PendingCredits, type PendingCredit } from './ledger-pending.js';
import { settlements } from './ledger-settle.js';
import type { Balance, BatchEntry, CurrencySource, DebitMode, ExpirySource, LevelUp } from './ledger-types.js';
import './lots.tables.js';
import { assertPointsInRange, fittedChange } from './points-range.js';
import { defineParticipant } from '../../write-path/participant.js';
import { partKey, userKey, type BatchPart, type WriteBatch } from '../../write-path/write-batch.js';
import { insertEntries, lotsOfUsers, setBalances } from './points.sql.js';
import { POINTS, type CurrencyCatalog } from '../currencies/index.js';
import { loadPurses, movePurse, openPurses, writePurses } from './ledger-purses.js';
import { balanceRows, byUserKey, entryRows, insertWantedUsers, readUserRow, unreadBalance } from './ledger-rows.js';

export type { PendingCredit } from './ledger-pending.js';
export { boardEffect } from './ledger-types.js';
export type { BatchEntry, CurrencySource, DebitMode, ExpirySource, LevelUp } from './ledger-types.js';

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
  /** Levels reached in the batch, in the order the entries were decided. */
  readonly levelUps: LevelUp[] = [];
  private readonly balances = new Map<string, Balance>();
  private readonly catalogs = new Map<string, CurrencyCatalog>();
  private readonly policies = new Map<string, ExpiryPolicy | null>();
  /** The batch users' pending credits (ledger-pending.ts). */
  private readonly pending = new PendingCredits();
  /** The users' lock and reads, once sent (`lock`); `read` once they are answered. */
  private locked: Promise<void> | null = null;
  private read = false;
  constructor(
    private readonly batch: WriteBatch,
    /** Where expiry settings come from (null: nothing expires, no lots are kept). */
    private readonly expiry: ExpirySource | null,
    private readonly currencies: CurrencySource | null,
  ) {}

  /**
   * Leads the batch's loads (`leads`): sends the lock of the batch's users (with their lots and
   * pending credits) and resolves once it is sent. Every other part's load goes out behind it on the
   * same connection, so it runs behind the lock without waiting for its answer (decision 354).
   */
  async lock(): Promise<void> {
    const keys = new Map<string, { project_id: string; user_id: string }>();
    for (const u of this.batch.lockedUsers()) keys.set(userKey(u.projectId, u.userId), { project_id: u.projectId, user_id: u.userId });
    const sorted = [...keys.values()].sort(byUserKey);
    for (const k of sorted) this.balances.set(userKey(k.project_id, k.user_id), unreadBalance(k.project_id, k.user_id));
    const [inserted] = await Promise.all([insertWantedUsers(this.batch), this.loadCatalogs()]);
    for (const b of this.balances.values()) b.purses = openPurses(this.catalogs.get(b.projectId)!);
    // The users' lots and pending credits are read in the same round trip, behind the lock.
    const locked = Promise.all([lockUserRows.run(this.batch.session, sorted), this.loadEconomy(sorted)]);
    this.locked = locked.then(([rows]) => {
      for (const row of rows) readUserRow(this.balances.get(userKey(row.project_id, row.user_id))!, row, inserted);
      this.read = true;
      this.reconcileAndSettle();
    });
    this.locked.catch(() => undefined); // awaited by load
  }

  /** Resolves once the batch's users are locked and read: a part whose load needs them awaits it. */
  load(): Promise<void> {
    return this.locked ?? this.lock().then(() => this.locked!);
  }

  /** The currencies of the batch's projects (cached: a batch rarely reads them). */
  private async loadCatalogs(): Promise<void> {
    const source = this.currencies;
    const none: CurrencyCatalog = new Map();
    await Promise.all(this.batch.projects().map(async (p) => this.catalogs.set(p, source ? await source.catalog(p, this.batch) : none)));
  }

  /** A project's currencies besides points, as the batch loaded them. */
  catalogOf(projectId: string): CurrencyCatalog {
    return this.catalogs.get(projectId) ?? new Map();
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
    const withPurses = users.filter((k) => (this.catalogs.get(k.project_id)?.size ?? 0) > 0);
    const purses =
      withPurses.length === 0
        ? undefined
        : loadPurses(this.batch.session, withPurses, (projectId, userId, currencyId) =>
            this.balances.get(userKey(projectId, userId))?.purses?.get(currencyId),
          );
    if (!this.expiry) return purses;
    const byProject = new Map<string, string[]>();
    for (const k of users) {
      const ids = byProject.get(k.project_id);
      if (ids) ids.push(k.user_id);
      else byProject.set(k.project_id, [k.user_id]);
    }
    await Promise.all([purses, ...[...byProject].map(([projectId, userIds]) => this.loadProjectEconomy(projectId, userIds))]);
  }

  private async loadProjectEconomy(projectId: string, userIds: string[]): Promise<void> {
    const session = this.batch.session;
    const expiry = this.expiry!;
    const keys = userIds.map((userId) => ({ project_id: projectId, user_id: userId }));
    const [, pending] = await Promise.all([this.loadLots(expiry, projectId, keys), this.pending.query(session, keys)]);
    this.pending.read(projectId, pending);
  }

  /**
   * The project's expiry setting, then its users' lots while expiry is on: with expiry off the lots
   * are neither read nor written (decision 350; the setting is cached, so this is one round trip).
   */
  private async loadLots(expiry: ExpirySource, projectId: string, keys: Array<{ project_id: string; user_id: string }>): Promise<void> {
    const policy = await expiry.policy(projectId, this.batch);
    this.policies.set(projectId, policy);
    if (policy === null) return;
    for (const r of await lotsOfUsers.run(this.batch.session, keys)) readLot(this.balances.get(userKey(projectId, r.user_id))!, r);
  }

  /**
   * Settles each user of the batch (decision 146): lots whose last day has passed expire (one
   * EXPIRY entry) and pending credits that are due become available — before any unit is decided,
   * so no unit of the batch can spend expired points, and the daily job and a user's own writes
   * settle alike.
   */
  private reconcileAndSettle(): void {
    for (const b of this.balances.values()) {
      // The lots always add up to the balance; rows written around the write path (seeds), and rows
      // left as they were while expiry was off, are set right here. A user being deleted is left to its job.
      if (!b.live) continue;
      const policy = this.policyOf(b.projectId);
      if (policy !== null) reconcileLots(b, b.points, policy);
      if (b.purses) for (const p of b.purses.values()) reconcileLots(p, p.balance, p.def.expiry);
    }
    for (const b of this.balances.values()) if (b.live) this.settle(b);
  }

  /** Expired lots (per currency) and due pending credits of a user, recorded in that order (ledger-settle.ts). */
  private settle(b: Balance): void {
    for (const { entry, mode } of settlements(b, this.policyOf(b.projectId), this.pending.values(), this.batch.now))
      this.record(entry, mode);
  }

  /** The expiry setting of a currency of a project of the batch (null: off). */
  policyIn(projectId: string, currency: string | undefined): ExpiryPolicy | null {
    if (currency === undefined || currency === POINTS) return this.policyOf(projectId);
    return this.catalogOf(projectId).get(currency)?.expiry ?? null;
  }

  /** The expiry setting of a project of the batch (null: off). */
  policyOf(projectId: string): ExpiryPolicy | null {
    return this.policies.get(projectId) ?? null;
  }

  /** The user's lots as decided so far (read only; the sum is the balance). */
  lotsOf(projectId: string, userId: string): ReadonlyMap<string, number> {
    return this.readBalance(projectId, userId)?.lots ?? new Map();
  }

  /** A pending credit of a batch user (pending, released in this batch, or cancelled in it), by its entry id. */
  pendingCredit(projectId: string, userId: string, entryId: number): PendingCredit | undefined {
    return this.pending.get(projectId, userId, entryId);
  }

  /** Cancels a pending credit (a reversal): it never becomes available. Changes no balance. */
  cancelPending(credit: PendingCredit): void {
    this.pending.cancel(credit);
  }

  /** Whether the user exists and is not being deleted (a user being deleted takes no new writes). */
  isLive(projectId: string, userId: string): boolean {
    return this.readBalance(projectId, userId)?.live === true;
  }

  /** Whether the batch holds the user's lock (a unit's user, or one a unit named in `alsoLocks`). */
  holds(projectId: string, userId: string): boolean {
    return this.balances.has(userKey(projectId, userId));
  }

  /** Throws USER_NOT_FOUND (404) unless the user is live. */
  requireLive(projectId: string, userId: string): void {
    if (!this.isLive(projectId, userId)) throw AppError.of('USER_NOT_FOUND', userId);
  }

  /** What the user row held when the batch locked it (undefined: not a user of the batch). */
  userRow(projectId: string, userId: string): { createdAt: number; lastActiveAt: number | null; attributes: string | null } | undefined {
    const b = this.readBalance(projectId, userId);
    return b && { createdAt: b.createdAt, lastActiveAt: b.lastActiveAt, attributes: b.attributes };
  }

  /** The user's time zone as locked with its row (UTC for an unknown user). */
  timeZone(projectId: string, userId: string): string {
    return this.readBalance(projectId, userId)?.timeZone ?? UTC;
  }

  /** The user's balance as decided so far in the batch (0 for an unknown user). */
  balance(projectId: string, userId: string): number {
    return this.readBalance(projectId, userId)?.points ?? 0;
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
    if (entry.currency !== undefined && entry.currency !== POINTS) return this.recordIn(b, entry, mode);
    const points = fittedChange(b.points, entry.points, mode, 'points');
    b.points += points;
    b.changed = true;
    if (entry.type !== 'ADJUSTMENT' && entry.type !== 'EXPIRY' && !entry.release) b.active = true;
    const lot = moveLots(b, points, this.policyOf(entry.projectId), this.batch.now, entry.lotFirst ?? null);
    if (entry.release) entry.release.lot = lot;
    this.noteRewards(b, entry, points);
    this.entries.push({ ...entry, points, lot });
    this.notifyChange(entry, POINTS, points, b.points);
    return { points, balance: b.points };
  }

  /** `record` for a currency other than points: the user's purse of it (decision 302). */
  private recordIn(b: Balance, entry: BatchEntry, mode: DebitMode): { points: number; balance: number } {
    const currency = entry.currency!;
    const purse = b.purses?.get(currency);
    if (!purse) throw AppError.of('UNKNOWN_CURRENCY', `currency ${currency} does not exist`);
    const { points, lot, crossed } = movePurse(purse, entry, mode, this.batch.now);
    if (entry.type !== 'ADJUSTMENT' && entry.type !== 'EXPIRY' && !entry.release) b.active = true;
    if (entry.release) entry.release.lot = lot;
    for (const l of crossed) {
      const up: LevelUp = { projectId: b.projectId, userId: b.userId, currency, level: l.level, threshold: l.threshold, title: l.title };
      this.levelUps.push(up);
      this.batch.notify({
        type: 'level.reached',
        projectId: b.projectId,
        userId: b.userId,
        occurredAt: entry.occurredAt,
        data: { userId: b.userId, currency, level: l.level, threshold: l.threshold, title: l.title, lifetime: purse.lifetime },
      });
    }
    this.noteRewards(b, entry, points);
    this.entries.push({ ...entry, points, lot });
    this.notifyChange(entry, currency, points, purse.balance);
    return { points, balance: purse.balance };
  }

  /**
   * An entry that moves a balance (any currency, either way) is the user's latest reward time
   * (decision 347): its creation, or for a pending credit released now, when it became available.
   */
  private noteRewards(b: Balance, entry: BatchEntry, points: number): void {
    if (points === 0) return;
    const at = entry.release ? entry.release.availableAt : this.batch.now;
    if (b.rewardsAt !== null && b.rewardsAt >= at) return;
    b.rewardsAt = at;
    b.rewardsMoved = true;
  }

  private notifyChange(entry: BatchEntry, currency: string, points: number, balance: number): void {
    this.batch.notify({
      type: 'points.changed',
      projectId: entry.projectId,
      userId: entry.userId,
      occurredAt: entry.occurredAt,
      data: {
        userId: entry.userId,
        currency,
        entryType: entry.type,
        sourceId: entry.sourceId,
        points: entry.pending ? 0 : points,
        balance,
        occurredAt: entry.occurredAt,
      },
    });
  }

  /** The user's lifetime earnings in a currency other than points as decided so far (0 for an unknown user or currency). */
  lifetimeIn(projectId: string, userId: string, currency: string): number {
    return this.readBalance(projectId, userId)?.purses?.get(currency)?.lifetime ?? 0;
  }

  /** The user's balance of a currency as decided so far in the batch (0 for an unknown user or currency). */
  balanceIn(projectId: string, userId: string, currency: string): number {
    if (currency === POINTS) return this.balance(projectId, userId);
    return this.readBalance(projectId, userId)?.purses?.get(currency)?.balance ?? 0;
  }

  /** A user's balance as read with its lock; refused before the lock is answered (a load must await `load()`). */
  private readBalance(projectId: string, userId: string): Balance | undefined {
    if (!this.read) throw new Error("the batch's users are read before their lock is answered: await ledgerIn(batch).load()");
    return this.balances.get(userKey(projectId, userId));
  }

  /** Sends every statement at once (on PostgreSQL they are pipelined, in this order). */
  async write(): Promise<void> {
    const now = this.batch.now;
    const balances = setBalances.later(this.batch.session, balanceRows(this.balances.values(), now));
    const entries = insertEntries.later(this.batch.session, entryRows(this.entries, now));
    const settled = this.pending.write(this.batch.session);
    // Rows inserted for users: counted when created, removed when no unit went on to create the user.
    const inserted = [...this.balances.values()].filter((b) => b.inserted);
    const users = writeNewUsers(
      this.batch.session,
      inserted.map((b) => ({ projectId: b.projectId, userId: b.userId, created: b.live })),
    );
    const purses = this.currencies ? writePurses(this.batch.session, this.currencies.db, this.balances.values()) : undefined;
    await Promise.all([balances, entries, settled, this.writeLots(), purses, users]);
  }

  /** Each changed user's lots (ledger-lots.ts), in the projects whose expiry is on (decision 350). */
  private writeLots(): Promise<void> {
    if (!this.expiry) return Promise.resolve();
    const kept = [...this.balances.values()].filter((b) => this.policyOf(b.projectId) !== null);
    return writeLots(this.batch.session, this.expiry.db, kept);
  }
}

/** The ledger's part of each batch. */
const LEDGER = partKey<LedgerBatch>('ledger');

/** The ledger part of a batch (every participant records points through it). */
export function ledgerIn(batch: WriteBatch): LedgerBatch {
  return batch.part(LEDGER);
}

/**
 * The ledger as a participant (owned by `points`): it leads every batch (it locks the batch's users,
 * which every other part reads behind), publishes a `points.changed` notice per entry, and its
 * entries are the batch's changes (a refusal after a unit's first entry fails the batch).
 */
export function ledgerParticipant(expiry: ExpirySource | null, currencies: CurrencySource | null = null) {
  return defineParticipant<LedgerBatch>({
    name: LEDGER.name,
    leads: true,
    provides: ['notices'],
    changes: (ledger) => ledger.entries.length,
    begin: (batch) => new LedgerBatch(batch, expiry, currencies),
  });
}
