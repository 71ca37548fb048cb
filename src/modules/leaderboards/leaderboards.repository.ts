import type { Statement } from 'better-sqlite3';
import { sql } from 'kysely';
import type { Database, Queryable } from '../../platform/db/database.js';
import { SqliteStatements } from '../../platform/db/sqlite-statements.js';

type SqliteConnection = NonNullable<Database['sqlite']>;
import { WINDOWS, WINDOW_DAYS, inWindow, type Timeframe } from './board-ref.js';
import type { BoardEntry } from './rank-index.js';
import './leaderboards.tables.js';

/** Column names of a window in `leaderboard_windows`. */
const COLUMNS = { '7d': ['p7', 'r7'], '30d': ['p30', 'r30'], '365d': ['p365', 'r365'] } as const;

export interface PointsAdded {
  projectId: string;
  groupId: string;
  userId: string;
  day: number;
  month: string;
  points: number;
  occurredAt: number;
}

/** The values after an addition, for the rank index. */
export interface AddedTotals {
  month: BoardEntry;
  windows: Record<Timeframe, BoardEntry> | null;
}

const laterSql = (table: string, column: string) => `CASE WHEN excluded.${column} > ${table}.${column} THEN excluded.${column} ELSE ${table}.${column} END`;
const later = (table: string, column: string) => sql.raw<number>(laterSql(table, column));

/** The event-path statements on SQLite, prepared once (the same SQL as the Kysely queries below). */
const SQLITE = {
  rolloverInsert: 'insert into leaderboard_rollover (project_id, day) values (?, ?) on conflict (project_id) do nothing',
  rolloverDay: 'select day from leaderboard_rollover where project_id = ?',
  daily:
    'insert into leaderboard_daily (project_id, group_id, user_id, day, points, reached_at) values (?, ?, ?, ?, ?, ?) ' +
    'on conflict (project_id, group_id, day, user_id) do update set points = leaderboard_daily.points + excluded.points, ' +
    `reached_at = ${laterSql('leaderboard_daily', 'reached_at')}`,
  monthly:
    'insert into leaderboard_monthly (project_id, group_id, user_id, month, points, reached_at, version) values (?, ?, ?, ?, ?, ?, 1) ' +
    'on conflict (project_id, group_id, month, user_id) do update set points = leaderboard_monthly.points + excluded.points, ' +
    `reached_at = ${laterSql('leaderboard_monthly', 'reached_at')}, version = leaderboard_monthly.version + 1 ` +
    'returning points, reached_at, version',
  windows:
    'insert into leaderboard_windows (project_id, group_id, user_id, version, p7, r7, p30, r30, p365, r365) values (?, ?, ?, 1, ?, ?, ?, ?, ?, ?) ' +
    'on conflict (project_id, group_id, user_id) do update set ' +
    `p7 = leaderboard_windows.p7 + excluded.p7, r7 = ${laterSql('leaderboard_windows', 'r7')}, ` +
    `p30 = leaderboard_windows.p30 + excluded.p30, r30 = ${laterSql('leaderboard_windows', 'r30')}, ` +
    `p365 = leaderboard_windows.p365 + excluded.p365, r365 = ${laterSql('leaderboard_windows', 'r365')}, ` +
    'version = leaderboard_windows.version + 1 returning p7, r7, p30, r30, p365, r365, version',
};

/** SQL of the leaderboard aggregates (Kysely on both dialects; the event path as prepared statements on SQLite). */
export class LeaderboardsRepository {
  /** `sqlite`: the raw embedded connection, for the bulk reads of an index load (no per-row Kysely overhead). */
  constructor(
    private readonly dialect: 'sqlite' | 'postgres',
    private readonly sqlite: SqliteConnection | null = null,
  ) {
    this.eventStatements = sqlite ? new SqliteStatements(sqlite) : null;
  }

  /** Prepared statements of the event path (row mode), on SQLite. */
  private readonly eventStatements: SqliteStatements | null;

  /**
   * The day the project's window totals are for, created as `today` on first use. On PostgreSQL the
   * row is share-locked for the event's transaction, so a roll-over cannot move it meanwhile.
   */
  async windowDay(trx: Queryable, projectId: string, today: number): Promise<number> {
    if (this.eventStatements?.usable(trx)) {
      this.eventStatements.statement(SQLITE.rolloverInsert).run(projectId, today);
      return Number((this.eventStatements.statement(SQLITE.rolloverDay).get(projectId) as { day: number }).day);
    }
    await trx.insertInto('leaderboard_rollover').values({ project_id: projectId, day: today }).onConflict((oc) => oc.column('project_id').doNothing()).execute();
    let q = trx.selectFrom('leaderboard_rollover').select('day').where('project_id', '=', projectId);
    if (this.dialect === 'postgres') q = q.forShare();
    return Number((await q.executeTakeFirstOrThrow()).day);
  }

  /** Adds points to the daily and monthly buckets and, where the day is inside them, to the windows. */
  async add(trx: Queryable, a: PointsAdded, windowDay: number): Promise<AddedTotals> {
    if (this.eventStatements?.usable(trx)) return this.addOnSqlite(this.eventStatements, a, windowDay);
    const key = { project_id: a.projectId, group_id: a.groupId, user_id: a.userId };
    await trx
      .insertInto('leaderboard_daily')
      .values({ ...key, day: a.day, points: a.points, reached_at: a.occurredAt })
      .onConflict((oc) =>
        oc.columns(['project_id', 'group_id', 'day', 'user_id']).doUpdateSet({
          points: sql<number>`leaderboard_daily.points + excluded.points`,
          reached_at: later('leaderboard_daily', 'reached_at'),
        }),
      )
      .execute();
    const m = await trx
      .insertInto('leaderboard_monthly')
      .values({ ...key, month: a.month, points: a.points, reached_at: a.occurredAt, version: 1 })
      .onConflict((oc) =>
        oc.columns(['project_id', 'group_id', 'month', 'user_id']).doUpdateSet({
          points: sql<number>`leaderboard_monthly.points + excluded.points`,
          reached_at: later('leaderboard_monthly', 'reached_at'),
          version: sql<number>`leaderboard_monthly.version + 1`,
        }),
      )
      .returning(['points', 'reached_at', 'version'])
      .executeTakeFirstOrThrow();
    const month: BoardEntry = { userId: a.userId, points: Number(m.points), reachedAt: Number(m.reached_at), version: Number(m.version) };
    if (!inWindow(a.day, windowDay, WINDOW_DAYS['365d'])) return { month, windows: null };

    const values = { ...key, version: 1, p7: 0, r7: 0, p30: 0, r30: 0, p365: 0, r365: 0 };
    for (const tf of WINDOWS) {
      if (!inWindow(a.day, windowDay, WINDOW_DAYS[tf])) continue;
      const [p, r] = COLUMNS[tf];
      values[p] = a.points;
      values[r] = a.occurredAt;
    }
    const w = await trx
      .insertInto('leaderboard_windows')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['project_id', 'group_id', 'user_id']).doUpdateSet({
          p7: sql<number>`leaderboard_windows.p7 + excluded.p7`,
          r7: later('leaderboard_windows', 'r7'),
          p30: sql<number>`leaderboard_windows.p30 + excluded.p30`,
          r30: later('leaderboard_windows', 'r30'),
          p365: sql<number>`leaderboard_windows.p365 + excluded.p365`,
          r365: later('leaderboard_windows', 'r365'),
          version: sql<number>`leaderboard_windows.version + 1`,
        }),
      )
      .returning(['p7', 'r7', 'p30', 'r30', 'p365', 'r365', 'version'])
      .executeTakeFirstOrThrow();
    const entry = (tf: Timeframe): BoardEntry => {
      const [p, r] = COLUMNS[tf];
      return { userId: a.userId, points: Number(w[p]), reachedAt: Number(w[r]), version: Number(w.version) };
    };
    return { month, windows: { '7d': entry('7d'), '30d': entry('30d'), '365d': entry('365d') } };
  }

  /** `add` on the embedded store: the same statements, prepared once, run on the transaction's connection. */
  private addOnSqlite(st: SqliteStatements, a: PointsAdded, windowDay: number): AddedTotals {
    st.statement(SQLITE.daily).run(a.projectId, a.groupId, a.userId, a.day, a.points, a.occurredAt);
    const m = st.statement(SQLITE.monthly).get(a.projectId, a.groupId, a.userId, a.month, a.points, a.occurredAt) as { points: number; reached_at: number; version: number };
    const month: BoardEntry = { userId: a.userId, points: Number(m.points), reachedAt: Number(m.reached_at), version: Number(m.version) };
    if (!inWindow(a.day, windowDay, WINDOW_DAYS['365d'])) return { month, windows: null };
    const add = (tf: Timeframe) => (inWindow(a.day, windowDay, WINDOW_DAYS[tf]) ? [a.points, a.occurredAt] : [0, 0]);
    const w = st.statement(SQLITE.windows).get(a.projectId, a.groupId, a.userId, ...add('7d'), ...add('30d'), ...add('365d')) as Record<string, number>;
    const entry = (tf: Timeframe): BoardEntry => {
      const [p, r] = COLUMNS[tf];
      return { userId: a.userId, points: Number(w[p]), reachedAt: Number(w[r]), version: Number(w.version) };
    };
    return { month, windows: { '7d': entry('7d'), '30d': entry('30d'), '365d': entry('365d') } };
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
      let q = trx.selectFrom('leaderboard_rollover').select('day').where('project_id', '=', projectId);
      if (this.dialect === 'postgres') q = q.forUpdate();
      const row = await q.executeTakeFirst();
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
      await trx.deleteFrom('leaderboard_windows').where('project_id', '=', projectId).where('p7', '<=', 0).where('p30', '<=', 0).where('p365', '<=', 0).execute();
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

  private readonly statements = new Map<string, Statement<unknown[]>>();

  /** A prepared raw-row statement of the embedded connection, prepared once. */
  private statement(text: string) {
    let stmt = this.statements.get(text);
    if (!stmt) this.statements.set(text, (stmt = this.sqlite!.prepare<unknown[]>(text).raw()));
    return stmt;
  }

  /**
   * Runs a raw read while holding Kysely's one SQLite connection, so it never sees the
   * uncommitted writes of a transaction that is open on it (e.g. a group commit).
   */
  private exclusive<T>(db: Queryable, read: () => T): Promise<T> {
    return db.connection().execute(async () => read());
  }

  /** A month board's rows, in batches (keyset on the primary key: no OFFSET). */
  async *monthRows(db: Queryable, projectId: string, groupId: string, month: string, batch = 50_000): AsyncIterable<BoardEntry[][]> {
    let after = '';
    for (;;) {
      const rows: Array<[string, number, number, number]> = this.sqlite
        ? await this.exclusive(db, () => this.statement(
              `SELECT user_id, points, reached_at, version FROM leaderboard_monthly
               WHERE project_id = ? AND group_id = ? AND month = ? AND user_id > ? ORDER BY user_id LIMIT ?`,
            )
            .all(projectId, groupId, month, after, batch) as Array<[string, number, number, number]>)
        : (
            await db
              .selectFrom('leaderboard_monthly')
              .select(['user_id', 'points', 'reached_at', 'version'])
              .where('project_id', '=', projectId)
              .where('group_id', '=', groupId)
              .where('month', '=', month)
              .where('user_id', '>', after)
              .orderBy('user_id')
              .limit(batch)
              .execute()
          ).map((r) => [r.user_id, r.points, r.reached_at, r.version]);
      if (rows.length === 0) return;
      yield [rows.map(([userId, points, reachedAt, version]) => ({ userId, points: Number(points), reachedAt: Number(reachedAt), version: Number(version) }))];
      after = rows[rows.length - 1]![0];
    }
  }

  /** The three window boards of a group (users with points in each), from one scan, in batches. */
  async *windowRows(db: Queryable, projectId: string, groupId: string, batch = 50_000): AsyncIterable<BoardEntry[][]> {
    type Raw = [string, number, number, number, number, number, number, number];
    let after = '';
    for (;;) {
      const rows: Raw[] = this.sqlite
        ? await this.exclusive(db, () => this.statement(
              `SELECT user_id, p7, r7, p30, r30, p365, r365, version FROM leaderboard_windows
               WHERE project_id = ? AND group_id = ? AND user_id > ? ORDER BY user_id LIMIT ?`,
            )
            .all(projectId, groupId, after, batch) as Raw[])
        : (
            await db
              .selectFrom('leaderboard_windows')
              .select(['user_id', 'p7', 'r7', 'p30', 'r30', 'p365', 'r365', 'version'])
              .where('project_id', '=', projectId)
              .where('group_id', '=', groupId)
              .where('user_id', '>', after)
              .orderBy('user_id')
              .limit(batch)
              .execute()
          ).map((r): Raw => [r.user_id, r.p7, r.r7, r.p30, r.r30, r.p365, r.r365, r.version]);
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

  /** Deletes at most `limit` aggregate rows of a user; returns how many. */
  async deleteUser(db: Queryable, projectId: string, userId: string, limit: number): Promise<number> {
    let deleted = 0;
    for (const table of ['leaderboard_windows', 'leaderboard_monthly', 'leaderboard_daily'] as const) {
      if (deleted >= limit) break;
      const n = limit - deleted;
      const r = await sql`DELETE FROM ${sql.table(table)} WHERE project_id = ${projectId} AND user_id = ${userId}
        AND ${sql.raw(this.dialect === 'postgres' ? 'ctid' : 'rowid')} IN (
          SELECT ${sql.raw(this.dialect === 'postgres' ? 'ctid' : 'rowid')} FROM ${sql.table(table)}
          WHERE project_id = ${projectId} AND user_id = ${userId} LIMIT ${n})`.execute(db);
      deleted += Number(r.numAffectedRows ?? 0);
    }
    return deleted;
  }
}
