import { sql, type Compilable } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import type { BatchSession, SqlSession } from './session.js';
import { Statement, type Args } from './statement.js';
import {
  type PgType,
  type Table,
  type Columns,
  type RowOf,
  type Insert,
  type ConflictClause,
  unnest,
  columnList,
  forEachRow,
  columnArrays,
} from './rows-sql.js';

export interface InsertDefinition<T extends Table, C extends Columns<T>> {
  description: string;
  table: T;
  columns: C;
  /** ON CONFLICT clause, the same on both stores. */
  conflict?: ConflictClause<T>;
  /** Columns returned for each written row (matched to input rows by their key columns). */
  returning?: ReadonlyArray<keyof DB[T] & string>;
}

/**
 * INSERT of many rows (with an optional ON CONFLICT upsert). On PostgreSQL the rows are inserted in
 * the order given.
 *
 * @example
 * const addDaily = new RowsInsert({ description: 'daily buckets', table: 'leaderboard_daily',
 *   columns: { project_id: 'text', group_id: 'text', day: 'int4', user_id: 'text', points: 'int8', reached_at: 'int8' },
 *   conflict: (oc) => oc.columns(['project_id', 'group_id', 'day', 'user_id']).doUpdateSet(…) });
 * await addDaily.run(session, rows);
 */
export class RowsInsert<T extends Table, C extends Columns<T>, R = Record<string, unknown>> {
  private readonly many: Statement<Args, R>;
  private readonly one: Statement<Args, R>;

  constructor(def: InsertDefinition<T, C>) {
    const names = Object.keys(def.columns) as Array<keyof DB[T] & string>;
    const finish = (q: Insert<T>): Compilable<R> => {
      const out = def.conflict ? q.onConflict(def.conflict) : q;
      if (def.returning) return out.returning(def.returning as never) as unknown as Compilable<R>;
      return out as unknown as Compilable<R>;
    };
    this.many = new Statement(`${def.description} (rows)`, (db, a) =>
      finish(
        db
          .insertInto(def.table)
          .columns(names as never)
          .expression(sql`select ${columnList(names)} from ${unnest(def.columns as Record<string, PgType>, a)} order by ord` as never),
      ),
    );
    this.one = new Statement(`${def.description} (row)`, (db, a) =>
      finish(db.insertInto(def.table).values(Object.fromEntries(names.map((c) => [c, a[c]])) as never)),
    );
    this.columns = names;
  }

  private readonly columns: string[];

  /**
   * Writes the rows unanswered (`BatchSession.later`): on PostgreSQL sent now and not waited for (its
   * failure fails the batch at commit); SQLite writes them now.
   */
  async later(session: BatchSession, rows: ReadonlyArray<RowOf<T, C>>): Promise<void> {
    if (rows.length === 0) return;
    if (session.dialect === 'postgres') session.later(this.many, columnArrays(this.columns, rows as unknown as Args[]));
    else await forEachRow(session, this.one, rows as unknown as Args[]);
  }

  /** Writes the rows; resolves to the RETURNING rows (when the definition has `returning`). */
  async run(session: SqlSession, rows: ReadonlyArray<RowOf<T, C>>): Promise<R[]> {
    if (rows.length === 0) return [];
    if (session.dialect === 'sqlite') return forEachRow(session, this.one, rows as unknown as Args[]);
    return session.all(this.many, columnArrays(this.columns, rows as unknown as Args[]));
  }
}
