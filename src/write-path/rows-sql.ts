import { sql, type Compilable, type InsertQueryBuilder, type InsertResult, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { SqliteSession, type SqlSession } from './session.js';
import { Statement, type Args } from './statement.js';

/**
 * Set-based statements of the write path, each defined once and compiled for both stores
 * (decision 070: one SQL source): on PostgreSQL one statement handles every row of a batch, its rows
 * passed as one array per column and spread by `unnest`; on SQLite the same statement for one row
 * runs in a loop (prepared once; a loop of prepared statements is SQLite's fastest bulk write).
 */

/** The PostgreSQL element type of a column's array. */
export type PgType = 'text' | 'int4' | 'int8' | 'float8' | 'bytea';

export type Table = keyof DB & string;
/** The columns of `T` named in a definition, with their PostgreSQL types. */
export type Columns<T extends Table> = Partial<Record<keyof DB[T] & string, PgType>>;
/** A row of `T` restricted to the columns `C`. */
export type RowOf<T extends Table, C extends Columns<T>> = { [K in keyof C & keyof DB[T]]: DB[T][K] };

export type Insert<T extends Table> = InsertQueryBuilder<DB, T, InsertResult>;
export type ConflictClause<T extends Table> = Parameters<Insert<T>['onConflict']>[0];

/** `unnest($1::text[], $2::int8[], …) with ordinality as v(c1, c2, …, ord)`: the rows of named array arguments. */
export function unnest(columns: Record<string, PgType>, args: Args): RawBuilder<unknown> {
  const names = Object.keys(columns);
  const arrays = names.map((c) => sql`${args[c]}::${sql.raw(columns[c]!)}[]`);
  return sql`unnest(${sql.join(arrays)}) with ordinality as v(${sql.join(names.map((c) => sql.ref(c)))}, ord)`;
}

/** `excluded.<column>`: the value an upsert would have inserted. */
export function excluded(column: string) {
  return sql.ref(`excluded.${column}`);
}

/** Columns as `a, b, c` (optionally prefixed with a table alias). */
export function columnList(names: string[], alias?: string) {
  return sql.join(names.map((c) => (alias ? sql.ref(`${alias}.${c}`) : sql.ref(c))));
}

export function raw<R>(db: Kysely<DB>, builder: RawBuilder<R>): Compilable<R> {
  return { compile: () => builder.compile(db) };
}

export async function forEachRow<R>(
  session: SqlSession,
  one: Statement<Args, R>,
  rows: readonly Args[],
  /** Orders the rows of one run in place (SQLite runs without ORDER BY: KeyedSelect). */
  order?: (rows: R[]) => void,
): Promise<R[]> {
  const out: R[] = [];
  if (session instanceof SqliteSession) {
    // Synchronous statements: give the event loop a turn whenever the batch's slice is used up.
    for (const row of rows) {
      const found = session.allSync(one, row);
      if (order && found.length > 1) order(found);
      for (const r of found) out.push(r);
      if (session.slice.due()) await session.slice.next();
    }
  } else {
    for (const row of rows) out.push(...(await session.all(one, row)));
  }
  return out;
}

/**
 * Rows → one array per column (the arguments of an `unnest`), each as the text of a PostgreSQL array
 * when its values are strings, numbers, booleans or nulls (`arrayLiteral`). Callers are the PostgreSQL
 * paths only: SQLite runs a statement per row.
 */
export function columnArrays(columns: string[], rows: readonly Args[]): Args {
  const out: Args = {};
  for (const c of columns) {
    const values = new Array<unknown>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const v = rows[i]![c];
      if (v === undefined) throw new Error(`row ${i} has no value for column ${c}`);
      values[i] = v;
    }
    out[c] = arrayLiteral(values);
  }
  return out;
}

const ESCAPED = /["\\]/;

/**
 * The array literal pg would send for `values` (`{"a","b\\"c",NULL,12}`), written without pg's two
 * regular-expression replaces per element: a string is quoted as it is unless it holds a quote or a
 * backslash. pg's `escapeElement` was 3 % of a scale server's CPU under POST /event. Values of any other
 * kind (a Buffer, an object) leave the array as it is, for pg to convert.
 */
export function arrayLiteral(values: readonly unknown[]): unknown {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    if (v === null) out += 'NULL';
    else if (typeof v === 'string') out += ESCAPED.test(v) ? `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : `"${v}"`;
    else if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') out += `"${String(v)}"`;
    else return values;
  }
  return `${out}}`;
}
