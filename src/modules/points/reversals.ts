import { AppError } from '../../platform/errors.js';
import type { Queryable } from '../../platform/db/database.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import type { UserDataOwner } from '../users/index.js';
import { historyText, type HistoryText, type LedgerType } from './ledger.js';
import { isExpired } from './lots.js';
import { defineParticipant } from '../../write-path/participant.js';
import type { BatchPart, WriteBatch, WriteUnit } from '../../write-path/write-batch.js';
import { ledgerIn } from './ledger-batch.js';
import type { WritePath } from '../../write-path/write-path.js';
import './reversals.tables.js';
import { entryStates, insertReversals, reversedEntries } from './points.sql.js';
import { pointsRepository } from './points.repository.js';

/**
 * Reversals (refunds): POST /admin/user/{userId}/reversal takes back one earning entry with a
 * REVERSAL entry of the opposite sign. What was already spent cannot be taken back: the balance
 * stops at 0 and the answer says how much was not recovered. The reversed points leave the boards
 * (and tier windows) of the reversed entry's period. One reversal per entry: a second is 409,
 * decided under the user's lock in the write path (exact across instances).
 */
export const REVERSIBLE: readonly LedgerType[] = ['EVENT', 'CHALLENGE', 'STREAK', 'SURVEY', 'ADJUSTMENT'];

export interface Reversal {
  userId: string;
  reversalId: string;
  /** The history id of the reversed entry. */
  historyId: string;
  /** Points taken back (≤ 0): the REVERSAL entry. */
  points: number;
  /** Points of the reversed entry that were already spent and could not be taken back. */
  unrecovered: number;
  balance: number;
  reason: string;
  timestamp: number;
  /** The currency of the reversed entry; absent: points. */
  currency?: string;
}

/** The parts of a history id `<TYPE>#<sourceId>#<ms>[#n]` (ledger.ts: historyId), or null. */
export function parseHistoryId(id: string): { type: string; sourceId: string; occurredAt: number; nth: number } | null {
  const m = /^([A-Z]+)#([^#]+)#(\d{1,16})(?:#(\d{1,9}))?$/.exec(id);
  if (!m) return null;
  const nth = m[4] === undefined ? 1 : Number(m[4]);
  if (nth < 2 && m[4] !== undefined) return null;
  return { type: m[1]!, sourceId: m[2]!, occurredAt: Number(m[3]), nth };
}

declare module '../../write-path/write-batch.js' {
  interface WriteKinds {
    reversal: { unit: ReversalUnit; result: Reversal };
  }
}

export interface ReversalUnit extends WriteUnit {
  kind: 'reversal';
  reversalId: string;
  historyId: string;
  reason: string;
  now: number;
  entry: {
    entryId: number;
    type: string;
    sourceId: string;
    /** Absent: points. */
    currency?: string;
    points: number;
    occurredAt: number;
    title: HistoryText;
    boardGroups: readonly string[];
  };
}

const key = (projectId: string, userId: string, entryId: number) => `${projectId}\u0000${userId}\u0000${entryId}`;

export class ReversalsService implements UserDataOwner {
  readonly userDataName = 'reversals';

  /** Decides reversals in the write path. */
  readonly participant = defineParticipant<ReversalsBatch>({
    name: 'reversals',
    kind: 'reversal',
    after: ['ledger'],
    begin: (batch) => new ReversalsBatch(batch),
  });

  constructor(
    private readonly platform: Platform,
    private readonly writes: WritePath,
    /** The user groups an event counted for (its boards). */
    private readonly events: { userGroupsAt(projectId: string, userId: string, eventId: string, occurredAt: number): Promise<string[]> },
  ) {}

  private get db(): Queryable {
    return this.platform.db.kysely;
  }

  /** POST /admin/user/{userId}/reversal (the user must exist; checked by the caller). */
  async reverse(projectId: string, userId: string, historyId: string, reason: string, currency = 'points'): Promise<Reversal> {
    const parsed = parseHistoryId(historyId);
    if (!parsed) throw AppError.of('INVALID_HISTORY_ID', 'historyId is not a history id (<TYPE>#<sourceId>#<ms>)');
    const rows = await pointsRepository.historyEntries(
      this.db,
      projectId,
      userId,
      { type: parsed.type, sourceId: parsed.sourceId, occurredAt: parsed.occurredAt },
      currency,
    );
    const row = rows[parsed.nth - 1];
    if (!row) throw AppError.of('HISTORY_NOT_FOUND', historyId);
    // A pending credit shows its points while it waits (decision 149).
    const points = Number(row.points) + Number(row.pending_points);
    // A credit cancelled while pending was cancelled by its reversal.
    if (points === 0 && row.available_at !== null) throw AppError.of('ALREADY_REVERSED', `History entry ${historyId} is already reversed`);
    if (!REVERSIBLE.includes(row.type as LedgerType) || points <= 0) {
      throw AppError.of('NOT_REVERSIBLE', `Only an entry that earned points can be reversed (${row.type}, ${points} points)`);
    }
    const boardGroups = row.type === 'EVENT' ? await this.events.userGroupsAt(projectId, userId, row.source_id, parsed.occurredAt) : [];
    const unit: ReversalUnit = {
      kind: 'reversal',
      projectId,
      userId,
      reversalId: generateId('rev'),
      historyId,
      reason,
      now: this.platform.clock.now(),
      entry: {
        entryId: Number(row.entry_id),
        type: row.type,
        sourceId: row.source_id,
        ...(currency === 'points' ? {} : { currency }),
        points,
        occurredAt: parsed.occurredAt,
        title: JSON.parse(row.title) as HistoryText,
        boardGroups,
      },
    };
    return this.writes.submit(unit, null, 201);
  }

  async deleteUserData(projectId: string, userId: string): Promise<number> {
    const r = await pointsRepository.deleteReversals(this.db, projectId, userId);
    return Number(r.numDeletedRows);
  }
}

class ReversalsBatch implements BatchPart<'reversal'> {
  private readonly reversed = new Set<string>();
  private readonly states = new Map<string, { points: number; availableAt: number | null; lot: string | null }>();
  private readonly rows: Array<Parameters<typeof insertReversals.run>[1][number]> = [];

  constructor(private readonly batch: WriteBatch) {}

  async load(): Promise<void> {
    const units = this.batch.unitsOf('reversal');
    if (units.length === 0) return;
    const keys = units.map((u) => ({ project_id: u.projectId, user_id: u.userId, entry_id: u.entry.entryId }));
    for (const r of await reversedEntries.run(this.batch.session, keys))
      this.reversed.add(key(r.project_id, r.user_id, Number(r.entry_id)));
    for (const r of await entryStates.run(this.batch.session, keys as never)) {
      this.states.set(key(r.project_id, r.user_id, Number(r.entry_id)), {
        points: Number(r.points),
        availableAt: r.available_at === null ? null : Number(r.available_at),
        lot: r.lot,
      });
    }
  }

  apply(u: ReversalUnit): Reversal {
    const ledger = ledgerIn(this.batch);
    ledger.requireLive(u.projectId, u.userId);
    const k = key(u.projectId, u.userId, u.entry.entryId);
    if (this.reversed.has(k)) throw AppError.of('ALREADY_REVERSED', `History entry ${u.historyId} is already reversed`);
    // The entry as it is now (decision 149): a credit still pending is cancelled (its points were
    // never spendable nor on the boards); one that became available counts on the boards from then;
    // a credit whose lot has expired has nothing left to take back.
    const pending = ledger.pendingCredit(u.projectId, u.userId, u.entry.entryId);
    const stored = this.states.get(k);
    const state =
      pending?.state === 'released'
        ? { points: pending.points, availableAt: pending.availableAt, lot: pending.lot }
        : pending?.state === 'pending'
          ? null
          : stored;
    if (pending?.state === 'pending') ledger.cancelPending(pending);
    const points = state ? state.points : 0;
    const policy = ledger.policyIn(u.projectId, u.entry.currency);
    const expired = state?.lot != null && isExpired(state.lot, policy, this.batch.now);
    const taken = ledger.record(
      {
        projectId: u.projectId,
        userId: u.userId,
        type: 'REVERSAL',
        sourceId: u.reversalId,
        ...(u.entry.currency === undefined ? {} : { currency: u.entry.currency }),
        points: expired ? 0 : -points,
        occurredAt: u.now,
        title: { de: `Storno: ${u.entry.title.de}`, en: `Reversal: ${u.entry.title.en}` },
        description: historyText(u.reason),
        metadata: {
          reversedHistoryId: u.historyId,
          reason: u.reason,
          ...(pending?.state === 'canceled' ? { cancelledPending: true } : {}),
        },
        boardGroups: u.entry.boardGroups,
        board: { points: -points, occurredAt: state?.availableAt ?? u.entry.occurredAt },
        lotFirst: state?.lot ?? null,
      },
      'clamp',
    );
    this.reversed.add(k);
    const unrecovered = points + taken.points;
    this.rows.push({
      project_id: u.projectId,
      user_id: u.userId,
      entry_id: u.entry.entryId,
      reversal_id: u.reversalId,
      points: -taken.points,
      unrecovered,
      reason: u.reason,
      created_at: u.now,
    });
    return {
      userId: u.userId,
      reversalId: u.reversalId,
      historyId: u.historyId,
      points: taken.points,
      unrecovered,
      balance: taken.balance,
      reason: u.reason,
      timestamp: u.now,
      ...(u.entry.currency === undefined ? {} : { currency: u.entry.currency }),
    };
  }

  async write(): Promise<void> {
    await insertReversals.run(this.batch.session, this.rows);
  }
}
