import { forUpdateOnPostgres, rowIdColumn } from '../../platform/db/dialect-sql.js';
import { CompiledQuery, sql } from 'kysely';
import type { Database, Queryable } from '../../platform/db/database.js';
import { bindArgs, Statement, type Args } from '../../write-path/statement.js';
import { WINDOWS, WINDOW_DAYS, type BoardRef, type Timeframe } from './board-ref.js';
import type { BoardEntry } from './rank-index.js';
import './leaderboards.tables.js';
import { COLUMNS, later, monthPage, monthlyEarningsOfUser, windowPage } from './leaderboards.sql.js';

/**
 * SQL of the leaderboard aggregates outside the write path: the daily roll-over of the windows, the
 * bulk reads that load a board into the rank index, and user deletion. The write path's statements and
 * the pages the bulk reads run are in leaderboards.sql.ts.
 */
export class LeaderboardsRepository {
  private readonly dialect: Database['dialect'];

  constructor(private readonly database: Database) {
    this.dialect = database.dialect;
  }

  /** Projects whose window totals are for a day before `today`. */
  async projectsBehind(db: Queryable, today: number): Promise<string[]> {
    const rows = await db.selectFrom('leaderboard_rollover').select('project_id').where('day', '<', today).execute();
    return rows.map((r) => r.project_id);
  }

  /**
   * Moves a project's windows to the day `today`, in one transaction with the new day, so it happens
   * once: a second call (or another instance) finds the day already moved and does nothing.
   * Forward by less than a window: subtract the days that left it, add any days that entered it
   * (events dated after the old day). Otherwise (a long pause, or the test clock moved back):
   * recompute the window from the daily buckets. Returns whether it moved.
   */
  async rollOver(db: Queryable, projectId: string, today: number): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const q = trx.selectFrom('leaderboard_rollover').select('day').where('project_id', '=', projectId);
      const row = await forUpdateOnPostgres(q, this.dialect).executeTakeFirst();
      if (!row || Number(row.day) === today) return false;
      const from = Number(row.day);
      for (const tf of WINDOWS) {
        const n = WINDOW_DAYS[tf];
        if (today > from && today - from < n) {
          await this.subtractDays(trx, projectId, tf, from - n, today - n);
          await this.addDays(trx, projectId, tf, from, today, 'add');
        } else {
          await sql`UPDATE leaderboard_windows SET ${sql.raw(COLUMNS[tf][0])} = 0, ${sql.raw(COLUMNS[tf][1])} = 0, version = version + 1
            WHERE project_id = ${projectId} AND ${sql.raw(COLUMNS[tf][0])} <> 0`.execute(trx);
          await this.addDays(trx, projectId, tf, today - n, today, 'set');
        }
      }
      // Only rows with nothing in any window go (adjustments may leave a total below 0, which must stay).
      await trx
        .deleteFrom('leaderboard_windows')
        .where('project_id', '=', projectId)
        .where('p7', '=', 0)
        .where('p30', '=', 0)
        .where('p365', '=', 0)
        .execute();
      await trx.updateTable('leaderboard_rollover').set({ day: today }).where('project_id', '=', projectId).execute();
      return true;
    });
  }

  /** Subtracts the daily points of the days (lo, hi] from a window. */
  private async subtractDays(trx: Queryable, projectId: string, tf: Timeframe, lo: number, hi: number): Promise<void> {
    const [p, r] = COLUMNS[tf].map((c) => sql.raw(c));
    await sql`UPDATE leaderboard_windows SET
        ${p} = leaderboard_windows.${p} - d.pts,
        ${r} = CASE WHEN leaderboard_windows.${p} - d.pts > 0 THEN leaderboard_windows.${r} ELSE 0 END,
        version = leaderboard_windows.version + 1
      FROM (SELECT group_id, user_id, SUM(points) AS pts FROM leaderboard_daily
            WHERE project_id = ${projectId} AND day > ${lo} AND day <= ${hi}
            GROUP BY group_id, user_id) AS d
      WHERE leaderboard_windows.project_id = ${projectId} AND leaderboard_windows.group_id = d.group_id
        AND leaderboard_windows.user_id = d.user_id`.execute(trx);
  }

  /** Adds (or sets, after a reset) the daily points and latest times of the days (lo, hi] to a window. */
  private async addDays(trx: Queryable, projectId: string, tf: Timeframe, lo: number, hi: number, mode: 'add' | 'set'): Promise<void> {
    const [p, r] = COLUMNS[tf].map((c) => sql.raw(c));
    const others = WINDOWS.filter((w) => w !== tf).flatMap((w) => COLUMNS[w]);
    const update =
      mode === 'set'
        ? sql`${p} = excluded.${p}, ${r} = excluded.${r}`
        : sql`${p} = leaderboard_windows.${p} + excluded.${p}, ${r} = ${later('leaderboard_windows', COLUMNS[tf][1])}`;
    await sql`INSERT INTO leaderboard_windows (project_id, group_id, user_id, ${p}, ${r}, ${sql.raw(others.join(', '))}, version)
      SELECT project_id, group_id, user_id, SUM(points), MAX(reached_at), ${sql.raw(others.map(() => '0').join(', '))}, 1
      FROM leaderboard_daily WHERE project_id = ${projectId} AND day > ${lo} AND day <= ${hi}
      GROUP BY project_id, group_id, user_id
      ON CONFLICT (project_id, group_id, user_id) DO UPDATE SET ${update}, version = leaderboard_windows.version + 1`.execute(trx);
  }

  /**
   * Rows of a bulk read as arrays (no per-row objects: a board load reads up to millions). SQLite:
   * the statement from the store's one cache, run in raw mode while holding Kysely's one connection,
   * so it never sees the uncommitted writes of a batch that is open on it.
   */
  private async rows<A extends Args>(db: Queryable, statement: Statement<A, unknown>, args: A): Promise<unknown[][]> {
    const compiled = statement.compile(this.database.kysely);
    const values = bindArgs(compiled, args);
    const cache = this.database.statements;
    if (cache) {
      return db.connection().execute(async () => {
        const stmt = cache.prepare(compiled.sql);
        stmt.raw(true);
        try {
          return stmt.all(...values) as unknown[][];
        } finally {
          stmt.raw(false);
        }
      });
    }
    const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(compiled.sql, values));
    return result.rows.map((r) => Object.values(r));
  }

  /** A month board's rows, in batches (keyset on the primary key: no OFFSET). */
  async *monthRows(db: Queryable, projectId: string, groupId: string, month: string, batch = 50_000): AsyncIterable<BoardEntry[][]> {
    let after = '';
    for (;;) {
      const rows = (await this.rows(db, monthPage, { projectId, groupId, month, after, limit: batch })) as Array<
        [string, number, number, number]
      >;
      if (rows.length === 0) return;
      yield [
        rows.map(([userId, points, reachedAt, version]) => ({
          userId,
          points: Number(points),
          reachedAt: Number(reachedAt),
          version: Number(version),
        })),
      ];
      after = rows[rows.length - 1]![0];
    }
  }

  /** The three window boards of a group (users with points in each), from one scan, in batches. */
  async *windowRows(db: Queryable, projectId: string, groupId: string, batch = 50_000): AsyncIterable<BoardEntry[][]> {
    type Raw = [string, number, number, number, number, number, number, number];
    let after = '';
    for (;;) {
      const rows = (await this.rows(db, windowPage, { projectId, groupId, after, limit: batch })) as Raw[];
      if (rows.length === 0) return;
      const out: BoardEntry[][] = [[], [], []];
      for (const row of rows) {
        const version = Number(row[7]);
        for (let w = 0; w < 3; w++) {
          const points = Number(row[1 + 2 * w]);
          if (points > 0) out[w]!.push({ userId: row[0], points, reachedAt: Number(row[2 + 2 * w]), version });
        }
      }
      yield out;
      after = rows[rows.length - 1]![0];
    }
  }

  /**
   * The points of one user in a board's period as SQL holds them (0 when there is no row): what the
   * personalized view shows for a user the board does not rank (a total of 0 or below).
   */
  async userTotal(db: Queryable, ref: BoardRef, userId: string): Promise<number> {
    if (ref.kind === 'month') {
      const row = await db
        .selectFrom('leaderboard_monthly')
        .select('points')
        .where('project_id', '=', ref.projectId)
        .where('group_id', '=', ref.groupId)
        .where('month', '=', ref.month)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.points ?? 0);
    }
    const row = await db
      .selectFrom('leaderboard_windows')
      .select(COLUMNS[ref.timeframe][0])
      .where('project_id', '=', ref.projectId)
      .where('group_id', '=', ref.groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number((row as Record<string, unknown> | undefined)?.[COLUMNS[ref.timeframe][0]] ?? 0);
  }

  /** The boards (project, group) with points in a month, in key order after `after` (the month close walks them). */
  async boardsOfMonth(db: Queryable, month: string, after: { projectId: string; groupId: string } | null, limit: number) {
    let q = db
      .selectFrom('leaderboard_monthly')
      .select(['project_id', 'group_id'])
      .distinct()
      .where('month', '=', month)
      .where('points', '>', 0);
    if (after) {
      q = q.where((eb) =>
        eb.or([
          eb('project_id', '>', after.projectId),
          eb.and([eb('project_id', '=', after.projectId), eb('group_id', '>', after.groupId)]),
        ]),
      );
    }
    const rows = await q.orderBy('project_id').orderBy('group_id').limit(limit).execute();
    return rows.map((r) => ({ projectId: r.project_id, groupId: r.group_id }));
  }

  /** The first `n` of a month board, in the board's order (points, then who reached them first, then userId). */
  async monthTop(db: Queryable, projectId: string, groupId: string, month: string, n: number) {
    const rows = await db
      .selectFrom('leaderboard_monthly')
      .select(['user_id', 'points'])
      .where('project_id', '=', projectId)
      .where('group_id', '=', groupId)
      .where('month', '=', month)
      .where('points', '>', 0)
      .orderBy('points', 'desc')
      .orderBy('reached_at')
      .orderBy('user_id')
      .limit(n)
      .execute();
    return rows.map((r) => ({ userId: r.user_id, points: Number(r.points) }));
  }

  /** Deletes at most `limit` aggregate rows of a user; returns how many. */
  async deleteUser(db: Queryable, projectId: string, userId: string, limit: number): Promise<number> {
    let deleted = 0;
    for (const table of ['leaderboard_windows', 'leaderboard_monthly', 'leaderboard_daily'] as const) {
      if (deleted >= limit) break;
      const n = limit - deleted;
      const r = await sql`DELETE FROM ${sql.table(table)} WHERE project_id = ${projectId} AND user_id = ${userId}
        AND ${sql.raw(rowIdColumn(this.dialect))} IN (
          SELECT ${sql.raw(rowIdColumn(this.dialect))} FROM ${sql.table(table)}
          WHERE project_id = ${projectId} AND user_id = ${userId} LIMIT ${n})`.execute(db);
      deleted += Number(r.numAffectedRows ?? 0);
    }
    return deleted;
  }

  /** One user's monthly earnings of `group` from `fromMonth` on. */
  monthlyEarningsOf(db: Queryable, projectId: string, userId: string, fromMonth: string, group: string) {
    return monthlyEarningsOfUser.rows(db, { projectId, group, userId, fromMonth });
  }

  /**
   * The query of the points users earned per month on a `default` board (`group`: its stored key,
   * `default` for points) from `fromMonth` on (run alone or in a write batch).
   */
  monthlyEarningsQuery(db: Queryable, projectId: string, userIds: readonly string[], fromMonth: string, group: string) {
    return db
      .selectFrom('leaderboard_monthly')
      .select(['user_id', 'month', 'points'])
      .where('project_id', '=', projectId)
      .where('group_id', '=', group)
      .where('user_id', 'in', [...userIds])
      .where('month', '>=', fromMonth);
  }
}

/** SQL of the closed months (closed-months.ts): a month is closed per project, or for all (`*`). */
export class ClosedMonthsRepository {
  markClosed(db: Queryable, projectId: string, month: string, closedAt: number) {
    return db
      .insertInto('leaderboard_month_closes')
      .values({ project_id: projectId, month, closed_at: closedAt })
      .onConflict((oc) => oc.columns(['project_id', 'month']).doNothing())
      .execute();
  }

  /** The close of `month` for the project or for all projects, if any. */
  closeOf(db: Queryable, projectId: string, month: string) {
    return db
      .selectFrom('leaderboard_month_closes')
      .select('month')
      .where('project_id', 'in', [projectId, '*'])
      .where('month', '=', month)
      .executeTakeFirst();
  }
}
