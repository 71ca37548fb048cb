import { sql } from 'kysely';
import type { BatchSession, SqlSession } from './session.js';
import { Statement, type Args } from './statement.js';
import {
  type PgType,
  type Table,
  type Columns,
  type RowOf,
  unnest,
  excluded,
  columnList,
  raw,
  forEachRow,
  columnArrays,
} from './rows-sql.js';
import type { KeyedDefinition } from './rows-keyed.js';

/**
 * Writes rows as decided, by key: rows the batch read (`exists`) are updated, the others inserted.
 * PostgreSQL: one `insert … on conflict do update` for all rows; SQLite: per row an update or an
 * insert (cheaper than SQLite's upsert). Only for rows the batch holds a lock on (a user's own rows).
 */
export class RowsUpsert<T extends Table, K extends Columns<T>, C extends Columns<T>> {
  private readonly many: Statement<Args, unknown>;
  private readonly update: Statement<Args, unknown>;
  private readonly insert: Statement<Args, unknown>;
  private readonly names: string[];

  constructor(def: KeyedDefinition<T, K> & { columns: C }) {
    const keys = Object.keys(def.keys);
    const columns = Object.keys(def.columns);
    const names = (this.names = [...keys, ...columns]);
    const types = { ...def.keys, ...def.columns } as Record<string, PgType>;
    const table = sql.table(def.table);
    this.many = new Statement(`${def.description} (rows)`, (db, a) =>
      raw(
        db,
        sql`insert into ${table} (${columnList(names)}) select ${columnList(names)} from ${unnest(types, a)} order by ord
          on conflict (${columnList(keys)}) do update set ${sql.join(columns.map((c) => sql`${sql.ref(c)} = ${excluded(c)}`))}`,
      ),
    );
    this.update = new Statement(`${def.description} (update)`, (db, a) =>
      raw(
        db,
        sql`update ${table} set ${sql.join(columns.map((c) => sql`${sql.ref(c)} = ${a[c]}`))} where ${sql.join(
          keys.map((k) => sql`${sql.ref(k)} = ${a[k]}`),
          sql` and `,
        )}`,
      ),
    );
    this.insert = new Statement(`${def.description} (insert)`, (db, a) =>
      raw(db, sql`insert into ${table} (${columnList(names)}) values (${sql.join(names.map((c) => a[c]))})`),
    );
  }

  async run(session: SqlSession, rows: ReadonlyArray<{ row: RowOf<T, K> & RowOf<T, C>; exists: boolean }>): Promise<void> {
    if (rows.length === 0) return;
    if (session.dialect === 'postgres') {
      await session.run(this.many, columnArrays(this.names, rows.map((r) => r.row) as unknown as Args[]));
      return;
    }
    for (const { row, exists } of rows) await forEachRow(session, exists ? this.update : this.insert, [row as unknown as Args]);
  }

  /**
   * Writes the rows unanswered (`BatchSession.later`): on PostgreSQL sent now and not waited for (its
   * failure fails the batch at commit); SQLite writes them now.
   */
  async later(session: BatchSession, rows: ReadonlyArray<{ row: RowOf<T, K> & RowOf<T, C>; exists: boolean }>): Promise<void> {
    if (rows.length === 0) return;
    if (session.dialect === 'postgres') session.later(this.many, columnArrays(this.names, rows.map((r) => r.row) as unknown as Args[]));
    else await this.run(session, rows);
  }
}
