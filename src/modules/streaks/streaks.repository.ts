import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database.js';
import type { SqliteStatements } from '../../platform/db/sqlite-statements.js';
import type { StreakProgressTable, StreaksTable } from './streaks.tables.js';
import './streaks.tables.js';

/**
 * SQL of the streaks module; every query filters on project_id. The per-event statements run as
 * cached prepared statements on the embedded store (`statements`), through Kysely otherwise.
 */
export class StreaksRepository {
  constructor(private readonly statements: SqliteStatements | null) {}

  async insert(db: Queryable, row: StreaksTable): Promise<boolean> {
    const r = await db
      .insertInto('streaks')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'streak_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  list(db: Queryable, projectId: string): Promise<StreaksTable[]> {
    return db.selectFrom('streaks').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('streak_id').execute();
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
    return db.selectFrom('streak_progress').selectAll().where('project_id', '=', projectId).where('user_id', '=', userId).execute();
  }

  /** The user's state of one streak, locked until the end of the transaction on PostgreSQL. */
  async lockProgress(db: Queryable, forUpdate: boolean, projectId: string, userId: string, streakId: string): Promise<StreakProgressTable | undefined> {
    if (this.statements?.usable(db)) {
      return this.statements
        .statement('select * from streak_progress where project_id = ? and user_id = ? and streak_id = ?')
        .get(projectId, userId, streakId) as StreakProgressTable | undefined;
    }
    let q = db.selectFrom('streak_progress').selectAll().where('project_id', '=', projectId).where('user_id', '=', userId).where('streak_id', '=', streakId);
    if (forUpdate) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  /** Inserts a first state; false when another transaction inserted one meanwhile. */
  async insertProgress(db: Queryable, row: StreakProgressTable): Promise<boolean> {
    if (this.statements?.usable(db)) {
      const r = this.statements
        .statement(
          `insert into streak_progress (project_id, user_id, streak_id, periods, current_count, current_start, last_period, longest_streak, missed_count, milestones_claimed, last_completed_at, updated_at)
           values (@project_id, @user_id, @streak_id, @periods, @current_count, @current_start, @last_period, @longest_streak, @missed_count, @milestones_claimed, @last_completed_at, @updated_at)
           on conflict do nothing`,
        )
        .run(row);
      return r.changes > 0;
    }
    const r = await db
      .insertInto('streak_progress')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'user_id', 'streak_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async updateProgress(db: Queryable, row: StreakProgressTable): Promise<void> {
    if (this.statements?.usable(db)) {
      this.statements
        .statement(
          `update streak_progress set periods = @periods, current_count = @current_count, current_start = @current_start, last_period = @last_period,
           longest_streak = @longest_streak, missed_count = @missed_count, milestones_claimed = @milestones_claimed, last_completed_at = @last_completed_at,
           updated_at = @updated_at where project_id = @project_id and user_id = @user_id and streak_id = @streak_id`,
        )
        .run(row);
      return;
    }
    const { project_id, user_id, streak_id, ...rest } = row;
    await db
      .updateTable('streak_progress')
      .set(rest)
      .where('project_id', '=', project_id)
      .where('user_id', '=', user_id)
      .where('streak_id', '=', streak_id)
      .execute();
  }

  /** Adds `participants` and raises the longest streak of the streak's totals. */
  async bumpStats(db: Queryable, projectId: string, streakId: string, participants: number, longest: number): Promise<void> {
    if (this.statements?.usable(db)) {
      this.statements
        .statement(
          `insert into streak_stats (project_id, streak_id, participants, longest_streak) values (?, ?, ?, ?)
           on conflict (project_id, streak_id) do update set participants = streak_stats.participants + excluded.participants,
           longest_streak = max(streak_stats.longest_streak, excluded.longest_streak)`,
        )
        .run(projectId, streakId, participants, longest);
      return;
    }
    await db
      .insertInto('streak_stats')
      .values({ project_id: projectId, streak_id: streakId, participants, longest_streak: longest })
      .onConflict((oc) =>
        oc.columns(['project_id', 'streak_id']).doUpdateSet({
          participants: sql<number>`streak_stats.participants + ${participants}`,
          longest_streak: sql<number>`case when streak_stats.longest_streak > ${longest} then streak_stats.longest_streak else ${longest} end`,
        }),
      )
      .execute();
  }

  /** Moves users and their counts in the bucket of a latest-completed period. */
  async bumpPeriod(db: Queryable, projectId: string, streakId: string, period: number, users: number, countSum: number): Promise<void> {
    if (this.statements?.usable(db)) {
      this.statements
        .statement(
          `insert into streak_period_stats (project_id, streak_id, period, users, count_sum) values (?, ?, ?, ?, ?)
           on conflict (project_id, streak_id, period) do update set users = streak_period_stats.users + excluded.users,
           count_sum = streak_period_stats.count_sum + excluded.count_sum`,
        )
        .run(projectId, streakId, period, users, countSum);
      return;
    }
    await db
      .insertInto('streak_period_stats')
      .values({ project_id: projectId, streak_id: streakId, period, users, count_sum: countSum })
      .onConflict((oc) =>
        oc.columns(['project_id', 'streak_id', 'period']).doUpdateSet({
          users: sql<number>`streak_period_stats.users + ${users}`,
          count_sum: sql<number>`streak_period_stats.count_sum + ${countSum}`,
        }),
      )
      .execute();
  }

  stats(db: Queryable, projectId: string, streakId: string) {
    return db.selectFrom('streak_stats').selectAll().where('project_id', '=', projectId).where('streak_id', '=', streakId).executeTakeFirst();
  }

  periodStats(db: Queryable, projectId: string, streakId: string, periods: number[]) {
    return db
      .selectFrom('streak_period_stats')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('streak_id', '=', streakId)
      .where('period', 'in', periods)
      .execute();
  }

  /** Deletes up to `limit` streak states of the user; returns how many. */
  async deleteUserProgress(db: Queryable, projectId: string, userId: string, limit: number): Promise<number> {
    const ids = await db.selectFrom('streak_progress').select('streak_id').where('project_id', '=', projectId).where('user_id', '=', userId).limit(limit).execute();
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
