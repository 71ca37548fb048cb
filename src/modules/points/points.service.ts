import { sql } from 'kysely';
import { AppError } from '../../http/errors.js';
import type { Queryable } from '../../platform/db/database.js';
import { SqliteStatements } from '../../platform/db/sqlite-statements.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import { dateKey } from '../../platform/time.js';
import type { UserDataOwner } from '../users/user-data.js';
import { historyText, type LedgerEntryInput } from './ledger.js';

/**
 * The ledger is the truth: every change of points is one appended row, and the balance column of
 * `users` moves in the same transaction, so balance == sum(ledger) always. The balance never goes
 * below 0: a debit that does not fit is refused (`debit`) or cut to what is there (`clamp`).
 */
export type DebitMode = 'refuse' | 'clamp';

export class PointsService implements UserDataOwner {
  readonly userDataName = 'ledger';

  /** Prepared statements for record() inside SQLite transactions (the event hot path). */
  private readonly sqlite: SqliteStatements | null;

  constructor(private readonly platform: Platform) {
    this.sqlite = SqliteStatements.of(platform.db);
  }

  /**
   * Appends one entry and moves the balance, inside the caller's transaction `trx`.
   * Returns the points actually applied and the new balance.
   * Throws USER_NOT_FOUND, or INSUFFICIENT_POINTS for a refused debit.
   */
  async record(trx: Queryable, entry: LedgerEntryInput, mode: DebitMode = 'refuse'): Promise<{ points: number; balance: number }> {
    let points = entry.points;
    if (points >= 0 && this.sqlite?.usable(trx)) return this.recordCreditSqlite(this.sqlite, entry);
    if (points < 0 && mode === 'clamp') {
      const row = await this.lockedBalance(trx, entry.projectId, entry.userId);
      points = Math.max(points, -row);
    }
    let update = trx
      .updateTable('users')
      .set({ points: sql<number>`points + ${points}` })
      .where('project_id', '=', entry.projectId)
      .where('user_id', '=', entry.userId)
      .where('deleted_at', 'is', null); // a user being deleted takes no new writes
    if (points < 0) update = update.where('points', '>=', -points);
    const updated = await update.returning('points').executeTakeFirst();
    if (!updated) {
      const exists = await trx
        .selectFrom('users')
        .select('user_id')
        .where('project_id', '=', entry.projectId)
        .where('user_id', '=', entry.userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!exists) throw AppError.notFound(`User ${entry.userId} not found`, 'USER_NOT_FOUND');
      throw AppError.badRequest('Not enough points', 'INSUFFICIENT_POINTS');
    }
    await trx
      .insertInto('ledger')
      .values({
        project_id: entry.projectId,
        user_id: entry.userId,
        type: entry.type,
        source_id: entry.sourceId,
        points,
        occurred_at: entry.occurredAt,
        date_key: dateKey(entry.occurredAt),
        title: JSON.stringify(entry.title),
        description: JSON.stringify(entry.description),
        image: entry.image ?? null,
        metadata: entry.metadata ? JSON.stringify(entry.metadata) : null,
        created_at: this.platform.clock.now(),
      })
      .execute();
    return { points, balance: Number(updated.points) };
  }

  /** record() of a credit (points ≥ 0) on SQLite inside a transaction: the same two statements, prepared once. */
  private recordCreditSqlite(db: SqliteStatements, entry: LedgerEntryInput): { points: number; balance: number } {
    const updated = db
      .statement('update users set points = points + ? where project_id = ? and user_id = ? and deleted_at is null returning points')
      .get(entry.points, entry.projectId, entry.userId) as { points: number } | undefined;
    if (!updated) throw AppError.notFound(`User ${entry.userId} not found`, 'USER_NOT_FOUND');
    db.statement(
      'insert into ledger (project_id, user_id, type, source_id, points, occurred_at, date_key, title, description, image, metadata, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      entry.projectId,
      entry.userId,
      entry.type,
      entry.sourceId,
      entry.points,
      entry.occurredAt,
      dateKey(entry.occurredAt),
      JSON.stringify(entry.title),
      JSON.stringify(entry.description),
      entry.image ?? null,
      entry.metadata ? JSON.stringify(entry.metadata) : null,
      this.platform.clock.now(),
    );
    return { points: entry.points, balance: Number(updated.points) };
  }

  private async lockedBalance(trx: Queryable, projectId: string, userId: string): Promise<number> {
    let query = trx.selectFrom('users').select('points').where('project_id', '=', projectId).where('user_id', '=', userId);
    if (this.platform.db.dialect === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw AppError.notFound(`User ${userId} not found`, 'USER_NOT_FOUND');
    return Number(row.points);
  }

  /** An operator's correction (POST /admin/user/{userId}/points): an ADJUSTMENT entry. */
  async adjust(projectId: string, userId: string, points: number, reason: string) {
    const adjustmentId = generateId('adj');
    const now = this.platform.clock.now();
    const result = await this.platform.db.kysely.transaction().execute((trx) =>
      this.record(
        trx,
        {
          projectId,
          userId,
          type: 'ADJUSTMENT',
          sourceId: adjustmentId,
          points,
          occurredAt: now,
          title: { de: 'Punktekorrektur', en: 'Points adjustment' },
          description: historyText(reason),
          metadata: { reason },
        },
        'clamp',
      ),
    );
    return { userId, adjustmentId, points: result.points, balance: result.balance, reason, timestamp: now };
  }

  /** Sum of the ledger for a user (used by tests and checks of the invariant). */
  async ledgerSum(projectId: string, userId: string): Promise<number> {
    const row = await this.platform.db.kysely
      .selectFrom('ledger')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), sql<number>`0`).as('total'))
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /**
   * User deletion (UserDataOwner): removes up to `limit` of the user's ledger rows (history) and
   * takes their points off the balance, floored at 0 (the row goes at the end of the job anyway).
   */
  async deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    return this.platform.db.kysely.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('ledger')
        .select(['entry_id', 'points'])
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .orderBy('occurred_at')
        .orderBy('entry_id')
        .limit(limit)
        .execute();
      if (rows.length === 0) return 0;
      await trx
        .deleteFrom('ledger')
        .where('project_id', '=', projectId)
        .where(
          'entry_id',
          'in',
          rows.map((r) => r.entry_id),
        )
        .execute();
      const removed = rows.reduce((sum, r) => sum + Number(r.points), 0);
      await trx
        .updateTable('users')
        .set({ points: sql<number>`case when points - ${removed} < 0 then 0 else points - ${removed} end` })
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .execute();
      return rows.length;
    });
  }
}
