import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database.js';
import { Statement } from '../../write-path/statement.js';
import type { StreakProgressTable, StreaksTable } from './streaks.tables.js';
import './streaks.tables.js';

/** A user's streak states (the user's streaks; compiled once, decision 269). */
const progressOfUser = new Statement<{ projectId: string; userId: string }, StreakProgressTable>('streak states of a user', (db, a) =>
  db.selectFrom('streak_progress').selectAll().where('project_id', '=', a.projectId).where('user_id', '=', a.userId),
);

/** Participants and the longest run of a streak, over its shards (streak analytics; compiled once, decision 269). */
const statsOf = new Statement<{ projectId: string; streakId: string }, { participants: number | null; longest_streak: number | null }>(
  'totals of a streak',
  (db, a) =>
    db
      .selectFrom('streak_stats')
      .select((eb) => [eb.fn.sum<number | null>('participants').as('participants'), eb.fn.max('longest_streak').as('longest_streak')])
      .where('project_id', '=', a.projectId)
      .where('streak_id', '=', a.streakId),
);

/** Users and the sum of their counts in three periods, over the shards (streak analytics; compiled once, decision 269). */
const periodStatsOf = new Statement<
  { projectId: string; streakId: string; p0: number; p1: number; p2: number },
  { period: number; users: number; count_sum: number }
>('per-period totals of a streak', (db, a) =>
  db
    .selectFrom('streak_period_stats')
    .select((eb) => ['period', eb.fn.sum<number>('users').as('users'), eb.fn.sum<number>('count_sum').as('count_sum')])
    .where('project_id', '=', a.projectId)
    .where('streak_id', '=', a.streakId)
    .where('period', 'in', [a.p0, a.p1, a.p2])
    .groupBy('period'),
);

/**
 * SQL of the streaks module; every query filters on project_id. The write path's statements are in
 * streaks-batch.ts. The analytics totals are sharded: reads sum (and max) over the shards.
 */
export class StreaksRepository {
  async insert(db: Queryable, row: StreaksTable): Promise<boolean> {
    const r = await db
      .insertInto('streaks')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'streak_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  list(db: Queryable, projectId: string): Promise<StreaksTable[]> {
    return this.listQuery(db, projectId).execute();
  }

  listQuery(db: Queryable, projectId: string) {
    return db.selectFrom('streaks').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('streak_id');
  }

  /** The longest run of a streak of each of the given users that has one. */
  longestOf(db: Queryable, projectId: string, streakId: string, userIds: readonly string[]) {
    return db
      .selectFrom('streak_progress')
      .select(['user_id', 'longest_streak'])
      .where('project_id', '=', projectId)
      .where('streak_id', '=', streakId)
      .where('user_id', 'in', [...userIds])
      .execute();
  }

  find(db: Queryable, projectId: string, streakId: string): Promise<StreaksTable | undefined> {
    return db.selectFrom('streaks').selectAll().where('project_id', '=', projectId).where('streak_id', '=', streakId).executeTakeFirst();
  }

  async update(db: Queryable, row: StreaksTable): Promise<void> {
    const { project_id, streak_id, created_at: _created, ...rest } = row;
    await db.updateTable('streaks').set(rest).where('project_id', '=', project_id).where('streak_id', '=', streak_id).execute();
  }

  /** Deletes the streak with every user's state and its aggregates. */
  async delete(db: Queryable, projectId: string, streakId: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      for (const table of ['streak_progress', 'streak_stats', 'streak_period_stats'] as const) {
        await trx.deleteFrom(table).where('project_id', '=', projectId).where('streak_id', '=', streakId).execute();
      }
      const r = await trx.deleteFrom('streaks').where('project_id', '=', projectId).where('streak_id', '=', streakId).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    });
  }

  progressOf(db: Queryable, projectId: string, userId: string): Promise<StreakProgressTable[]> {
    return progressOfUser.rows(db, { projectId, userId });
  }

  progressRow(db: Queryable, projectId: string, userId: string, streakId: string): Promise<StreakProgressTable | undefined> {
    return db
      .selectFrom('streak_progress')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('streak_id', '=', streakId)
      .executeTakeFirst();
  }

  async setFreezesAvailable(db: Queryable, projectId: string, userId: string, streakId: string, available: number): Promise<void> {
    await db
      .updateTable('streak_progress')
      .set({ freezes_available: available })
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('streak_id', '=', streakId)
      .execute();
  }

  /** A state row with no period yet, holding only banked freezes (the write path reads it as an empty streak). */
  async insertFreezesOnly(
    db: Queryable,
    r: { project_id: string; user_id: string; streak_id: string; freezes_available: number; updated_at: number },
  ): Promise<void> {
    await db
      .insertInto('streak_progress')
      .values({
        ...r,
        periods: '[]',
        current_count: 0,
        current_start: 0,
        last_period: 0,
        longest_streak: 0,
        missed_count: 0,
        milestones_claimed: '[]',
        last_completed_at: 0,
        freezes_used: 0,
        frozen_periods: '[]',
      })
      .execute();
  }

  /** Active streaks with a freeze rule, of every project (the daily freeze job). */
  streaksWithFreezes(db: Queryable): Promise<Array<{ project_id: string; streak_id: string; time_frame: string }>> {
    return db
      .selectFrom('streaks')
      .select(['project_id', 'streak_id', 'time_frame'])
      .where('freezes', 'is not', null)
      .where('status', '=', 'ACTIVE')
      .orderBy('project_id')
      .orderBy('streak_id')
      .execute();
  }

  /** Users after `after` with banked freezes whose latest completed period is more than one before `before`. */
  async usersToCover(db: Queryable, projectId: string, streakId: string, before: number, after: string, limit: number): Promise<string[]> {
    const rows = await db
      .selectFrom('streak_progress')
      .select('user_id')
      .where('project_id', '=', projectId)
      .where('streak_id', '=', streakId)
      .where(sql<boolean>`freezes_available > 0`) // a literal, so both stores use the partial index streak_progress_banked
      .where('periods', '!=', '[]')
      .where('last_period', '<', before - 1)
      .where('user_id', '>', after)
      .orderBy('user_id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.user_id);
  }

  /** Participants and the longest run of a streak (over its shards); undefined before the first participant. */
  async stats(db: Queryable, projectId: string, streakId: string): Promise<{ participants: number; longest_streak: number } | undefined> {
    const row = await statsOf.first(db, { projectId, streakId });
    if (!row || row.participants === null) return undefined;
    return { participants: Number(row.participants), longest_streak: Number(row.longest_streak) };
  }

  /** Users and the sum of their counts per latest period (over the shards), of three periods (the analytics' window). */
  periodStats(db: Queryable, projectId: string, streakId: string, periods: readonly [number, number, number]) {
    return periodStatsOf.rows(db, { projectId, streakId, p0: periods[0], p1: periods[1], p2: periods[2] });
  }

  /** Deletes up to `limit` streak states of the user; returns how many. */
  async deleteUserProgress(db: Queryable, projectId: string, userId: string, limit: number): Promise<number> {
    const ids = await db
      .selectFrom('streak_progress')
      .select('streak_id')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .limit(limit)
      .execute();
    if (ids.length === 0) return 0;
    const r = await db
      .deleteFrom('streak_progress')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where(
        'streak_id',
        'in',
        ids.map((i) => i.streak_id),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
