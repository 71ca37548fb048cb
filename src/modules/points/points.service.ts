import type { Queryable } from '../../platform/db/database.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import type { UserDataOwner } from '../users/index.js';
import { balanceKey, planAdjustments, type BulkAdjustResult, type BulkRow } from './bulk-adjustments.js';
import { historyText } from './ledger.js';
import { defineParticipant } from '../../write-path/participant.js';
import type { BatchPart, WriteUnit } from '../../write-path/write-batch.js';
import type { WritePath } from '../../write-path/write-path.js';
import { ExpirySettings } from './expiry-settings.js';
import { ledgerIn, ledgerParticipant } from './ledger-batch.js';
import { pointsRepository } from './points.repository.js';
import type { CurrenciesService } from '../currencies/index.js';
import { readWallet, type Wallet } from './wallet.js';

/**
 * The ledger is the truth: every change of points is one appended row, and the balance column of
 * `users` moves in the same transaction, so balance == sum(ledger) always (ledger-batch.ts, in the
 * write path). The balance never goes below 0: a debit that does not fit is refused, or, for an
 * operator's adjustment, cut to what is there.
 */
export interface AdjustmentUnit extends WriteUnit {
  kind: 'adjustment';
  adjustmentId: string;
  points: number;
  reason: string;
  now: number;
  /** Absent: points. */
  currency?: string;
}

declare module '../../write-path/write-batch.js' {
  interface WriteKinds {
    adjustment: { unit: AdjustmentUnit; result: Adjustment };
  }
}

export interface Adjustment {
  userId: string;
  adjustmentId: string;
  points: number;
  balance: number;
  reason: string;
  timestamp: number;
  currency: string;
}

export class PointsService implements UserDataOwner {
  readonly userDataName = 'ledger';

  /** Decides admin adjustments in the write path (an ADJUSTMENT entry; the balance never goes below 0). */
  readonly adjustments = defineParticipant<BatchPart<'adjustment'>>({
    name: 'adjustments',
    kind: 'adjustment',
    after: ['ledger'],
    begin: (batch) => ({
      apply: (u) => {
        const result = ledgerIn(batch).record(
          {
            projectId: u.projectId,
            userId: u.userId,
            type: 'ADJUSTMENT',
            sourceId: u.adjustmentId,
            ...(u.currency === undefined || u.currency === 'points' ? {} : { currency: u.currency }),
            points: u.points,
            occurredAt: u.now,
            title: { de: 'Punktekorrektur', en: 'Points adjustment' },
            description: historyText(u.reason),
            metadata: { reason: u.reason },
            boardGroups: [],
          },
          'clamp',
        );
        return {
          userId: u.userId,
          adjustmentId: u.adjustmentId,
          points: result.points,
          balance: result.balance,
          reason: u.reason,
          timestamp: u.now,
          currency: u.currency ?? 'points',
        };
      },
    }),
  });

  /** Each project's points expiry setting, read by the ledger part of every batch and by the daily settle job. */
  readonly expirySettings: ExpirySettings;
  /** The ledger's participant of the write path (ledger-batch.ts). */
  readonly ledger: ReturnType<typeof ledgerParticipant>;

  constructor(
    private readonly platform: Platform,
    private readonly writes: WritePath,
    private readonly currencies: CurrenciesService,
  ) {
    this.expirySettings = new ExpirySettings(platform);
    this.ledger = ledgerParticipant(this.expirySettings, {
      db: platform.db.kysely,
      catalog: (projectId, batch) => currencies.catalog(projectId, (q) => batch.session.execute(q)),
    });
  }

  /** The balance of a live user (not being deleted), read with `db` (a transaction or not); null for no such user. */
  async liveBalance(db: Queryable, projectId: string, userId: string, currency = 'points'): Promise<number | null> {
    const row = await pointsRepository.liveBalance(db, projectId, userId);
    if (!row || currency === 'points') return row ? Number(row.points) : null;
    const purse = await pointsRepository.purseOfUser(db, projectId, userId, currency);
    return Number(purse?.balance ?? 0);
  }

  /** An operator's correction (POST /admin/user/{userId}/points): an ADJUSTMENT entry. */
  adjust(projectId: string, userId: string, points: number, reason: string, currency?: string): Promise<Adjustment> {
    const unit: AdjustmentUnit = {
      ...(currency === undefined || currency === 'points' ? {} : { currency }),
      kind: 'adjustment',
      projectId,
      userId,
      adjustmentId: generateId('adj'),
      points,
      reason,
      now: this.platform.clock.now(),
    };
    return this.writes.submit(unit);
  }

  /**
   * Many adjustments (decision 124): planned against the current balances; unless `dryRun`, the
   * rows of existing users are applied in one write batch and each row reports what it did.
   */
  async bulkAdjust(projectId: string, rows: readonly BulkRow[], dryRun: boolean): Promise<BulkAdjustResult> {
    const db = this.platform.db.kysely;
    for (const currency of new Set(rows.map((r) => r.currency))) await this.currencies.require(projectId, currency);
    const balances = new Map<string, number | null>();
    for (const r of rows) {
      const k = balanceKey(r.userId, r.currency);
      if (!balances.has(k)) balances.set(k, await this.liveBalance(db, projectId, r.userId, r.currency));
    }
    const plan = planAdjustments(rows, balances);
    const failed = plan.filter((p) => p.outcome === 'FAILED').length;
    if (dryRun) return { dryRun, applied: 0, failed, rows: plan };

    const now = this.platform.clock.now();
    const todo = plan.filter((p) => p.outcome !== 'FAILED');
    const units: AdjustmentUnit[] = todo.map((p) => ({
      kind: 'adjustment',
      projectId,
      userId: p.userId,
      adjustmentId: generateId('adj'),
      points: rows[p.row]!.points,
      reason: rows[p.row]!.reason,
      now,
      ...(p.currency === undefined ? {} : { currency: p.currency }),
    }));
    const outcomes = await this.writes.submitGroup(units);
    const results = [...plan];
    todo.forEach((p, i) => {
      const o = outcomes[i]!;
      if (o.ok) {
        const a = o.value as Adjustment;
        results[p.row] = {
          ...p,
          outcome: 'APPLIED',
          points: a.points,
          balanceBefore: a.balance - a.points,
          balanceAfter: a.balance,
          adjustmentId: a.adjustmentId,
        };
      } else {
        const err = o.error as { code?: string; message?: string };
        results[p.row] = {
          ...p,
          outcome: 'FAILED',
          points: 0,
          balanceAfter: p.balanceBefore,
          code: err.code ?? 'ERROR',
          message: err.message ?? String(o.error),
        };
      }
    });
    const stillFailed = results.filter((r) => r.outcome === 'FAILED').length;
    return { dryRun, applied: results.length - stillFailed, failed: stillFailed, rows: results };
  }

  /** GET /user/{userId}/wallet: every currency's balance, pending credits, expiry, lifetime earnings and level. */
  wallet(projectId: string, userId: string): Promise<Wallet> {
    const db = this.platform.db.kysely;
    return readWallet(db, this.expirySettings, this.currencies, this.platform.clock.now(), projectId, userId);
  }

  /** GET /stats/event?currency=: what events paid in another currency, per UTC day (YYYY-MM-DD) and eventId. */
  async eventEarnings(projectId: string, currency: string, range: { from: string; to: string }, eventId: string | null) {
    const rows = await pointsRepository.eventEarnings(this.platform.db.kysely, projectId, currency, range.from, range.to, eventId);
    return rows.map((r) => ({ day: r.date_key, eventId: r.source_id, points: Number(r.points) }));
  }

  /** Sum of the ledger for a user in a currency (used by tests and checks of the invariant). */
  async ledgerSum(projectId: string, userId: string, currency = 'points'): Promise<number> {
    const row = await pointsRepository.ledgerSum(this.platform.db.kysely, projectId, userId, currency);
    return Number(row.total);
  }

  /**
   * User deletion (UserDataOwner): removes up to `limit` of the user's ledger rows (history) and
   * takes their points off the balance, floored at 0 (the row goes at the end of the job anyway).
   * The balances of the other currencies go with their rows once the history is gone.
   */
  async deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    return this.platform.db.kysely.transaction().execute(async (trx) => {
      const rows = await pointsRepository.oldestEntries(trx, projectId, userId, limit);
      if (rows.length === 0) {
        const purses = await pointsRepository.deletePursesOfUser(trx, projectId, userId);
        return Number(purses.numDeletedRows);
      }
      await pointsRepository.deleteEntries(
        trx,
        projectId,
        rows.map((r) => r.entry_id),
      );
      const removed = rows.reduce((sum, r) => sum + (r.currency === 'points' ? Number(r.points) : 0), 0);
      await pointsRepository.takeOffBalance(trx, projectId, userId, removed);
      return rows.length;
    });
  }
}
