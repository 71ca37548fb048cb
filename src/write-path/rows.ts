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

type Table = keyof DB & string;
/** The columns of `T` named in a definition, with their PostgreSQL types. */
export type Columns<T extends Table> = Partial<Record<keyof DB[T] & string, PgType>>;
/** A row of `T` restricted to the columns `C`. */
export type RowOf<T extends Table, C extends Columns<T>> = { [K in keyof C & keyof DB[T]]: DB[T][K] };

type Insert<T extends Table> = InsertQueryBuilder<DB, T, InsertResult>;
type ConflictClause<T extends Table> = Parameters<Insert<T>['onConflict']>[0];

/** `unnest($1::text[], $2::int8[], …) with ordinality as v(c1, c2, …, ord)`: the rows of named array arguments. */
function unnest(columns: Record<string, PgType>, args: Args): RawBuilder<unknown> {
  const names = Object.keys(columns);
  const arrays = names.map((c) => sql`${args[c]}::${sql.raw(columns[c]!)}[]`);
  return sql`unnest(${sql.join(arrays)}) with ordinality as v(${sql.join(names.map((c) => sql.ref(c)))}, ord)`;
}

/** `excluded.<column>`: the value an upsert would have inserted. */
function excluded(column: string) {
  return sql.ref(`excluded.${column}`);
}

/** Columns as `a, b, c` (optionally prefixed with a table alias). */
function columnList(names: string[], alias?: string) {
  return sql.join(names.map((c) => (alias ? sql.ref(`${alias}.${c}`) : sql.ref(c))));
}

function raw<R>(db: Kysely<DB>, builder: RawBuilder<R>): Compilable<R> {
  return { compile: () => builder.compile(db) };
}

async function forEachRow<R>(
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

  /** Writes the rows; resolves to the RETURNING rows (when the definition has `returning`). */
  async run(session: SqlSession, rows: ReadonlyArray<RowOf<T, C>>): Promise<R[]> {
    if (rows.length === 0) return [];
    if (session.dialect === 'sqlite') return forEachRow(session, this.one, rows as unknown as Args[]);
    return session.all(this.many, columnArrays(this.columns, rows as unknown as Args[]));
  }
}

export interface KeyedDefinition<T extends Table, K extends Columns<T>> {
  description: string;
  table: T;
  /** The key columns the rows are looked up or updated by. */
  keys: K;
}

/**
 * SELECT of the rows whose keys are given (one lookup per key on SQLite; one statement on
 * PostgreSQL, optionally locking the rows in key order, which makes concurrent batches lock alike).
 */
export class KeyedSelect<T extends Table, K extends Columns<T>, R = DB[T]> {
  private readonly many: Statement<Args, R>;
  private readonly one: Statement<Args, R>;
  private readonly keyNames: string[];
  private readonly orderBy: string[] | null;

  constructor(
    def: KeyedDefinition<T, K> & {
      select?: ReadonlyArray<keyof DB[T] & string>;
      lock?: 'update' | 'no key update' | 'share';
      /** A further condition on the rows (columns of alias `t`), the same on both stores. */
      where?: RawBuilder<boolean>;
      /** Columns that order the rows of one key (after the key columns). */
      orderBy?: ReadonlyArray<keyof DB[T] & string>;
    },
  ) {
    const keys = Object.keys(def.keys);
    this.keyNames = keys;
    const selected = def.select ? columnList([...def.select], 't') : sql.raw('t.*');
    const lock = sql.raw(def.lock ? ` for ${def.lock} of t` : '');
    const also = def.where ? sql` and ${def.where}` : sql``;
    const ordered = [...keys, ...(def.orderBy ?? [])];
    this.many = new Statement(`${def.description} (rows)`, (db, a) =>
      raw(
        db,
        sql<R>`select ${selected} from ${sql.table(def.table)} as t
          where (${columnList(keys, 't')}) in (select ${columnList(keys)} from ${unnest(def.keys as Record<string, PgType>, a)})${also}
          order by ${columnList(ordered, 't')}${lock}`,
      ),
    );
    // SQLite: no ORDER BY. Even over no rows, a statement that must sort opens a sorter: ~10 µs for
    // each key, more than the lookup itself (the ledger's pending credits, read for every user of
    // every batch); the few rows of one key are sorted here instead.
    this.one = new Statement(`${def.description} (row)`, (db, a) =>
      raw(
        db,
        sql<R>`select ${selected} from ${sql.table(def.table)} as t where ${sql.join(
          keys.map((k) => sql`${sql.ref(`t.${k}`)} = ${a[k]}`),
          sql` and `,
        )}${also}`,
      ),
    );
    this.orderBy = def.orderBy?.length ? [...def.orderBy] : null;
  }

  async run(session: SqlSession, keys: ReadonlyArray<RowOf<T, K>>): Promise<R[]> {
    if (keys.length === 0) return [];
    if (session.dialect === 'sqlite') {
      return forEachRow(session, this.one, keys as unknown as Args[], this.orderBy ? (rows) => sortRows(rows, this.orderBy!) : undefined);
    }
    return session.all(this.many, columnArrays(this.keyNames, keys as unknown as Args[]));
  }
}

/** Sorts rows in place by the columns given, ascending (numbers, bigints or text, as SQLite returns them). */
function sortRows<R>(rows: R[], columns: readonly string[]): void {
  rows.sort((a, b) => {
    for (const c of columns) {
      const x = (a as Record<string, unknown>)[c] as number | bigint | string;
      const y = (b as Record<string, unknown>)[c] as number | bigint | string;
      if (x < y) return -1;
      if (x > y) return 1;
    }
    return 0;
  });
}

/** UPDATE of the rows whose keys are given, setting the given columns to each row's values. */
export class KeyedUpdate<T extends Table, K extends Columns<T>, S extends Columns<T>> {
  private readonly many: Statement<Args, unknown>;
  private readonly one: Statement<Args, unknown>;
  private readonly names: string[];

  constructor(def: KeyedDefinition<T, K> & { set: S }) {
    const keys = Object.keys(def.keys);
    const sets = Object.keys(def.set);
    this.names = [...keys, ...sets];
    const all = { ...def.keys, ...def.set } as Record<string, PgType>;
    this.many = new Statement(`${def.description} (rows)`, (db, a) =>
      raw(
        db,
        sql`update ${sql.table(def.table)} as t set ${sql.join(sets.map((c) => sql`${sql.ref(c)} = ${sql.ref(`v.${c}`)}`))}
          from ${unnest(all, a)} where ${sql.join(
            keys.map((k) => sql`${sql.ref(`t.${k}`)} = ${sql.ref(`v.${k}`)}`),
            sql` and `,
          )}`,
      ),
    );
    this.one = new Statement(`${def.description} (row)`, (db, a) =>
      raw(
        db,
        sql`update ${sql.table(def.table)} set ${sql.join(sets.map((c) => sql`${sql.ref(c)} = ${a[c]}`))}
          where ${sql.join(
            keys.map((k) => sql`${sql.ref(k)} = ${a[k]}`),
            sql` and `,
          )}`,
      ),
    );
  }

  async run(session: SqlSession, rows: ReadonlyArray<RowOf<T, K> & RowOf<T, S>>): Promise<void> {
    if (rows.length === 0) return;
    if (session.dialect === 'sqlite') {
      await forEachRow(session, this.one, rows as unknown as Args[]);
      return;
    }
    await session.run(this.many, columnArrays(this.names, rows as unknown as Args[]));
  }
}

/** Rows → one array per column (the arguments of an `unnest`). */
function columnArrays(columns: string[], rows: readonly Args[]): Args {
  const out: Args = {};
  for (const c of columns) {
    const values = new Array<unknown>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const v = rows[i]![c];
      if (v === undefined) throw new Error(`row ${i} has no value for column ${c}`);
      values[i] = v;
    }
    out[c] = values;
  }
  return out;
}

export interface AddDefinition<T extends Table, K extends Columns<T>, S extends Columns<T>, L extends Columns<T>> extends KeyedDefinition<
  T,
  K
> {
  /** Columns the row's values are added to. */
  sums: S;
  /** Columns that keep the larger of the stored and the new value. */
  latest?: L;
  /** A column raised by one on every write (1 for a new row). */
  version?: keyof DB[T] & string;
  /** Further columns returned as stored (the write does not change them). */
  returning?: ReadonlyArray<keyof DB[T] & string>;
}

/**
 * Adds each row's values to the stored row with its key (inserting rows that do not exist) and
 * returns every row as it is after the write. PostgreSQL: one `insert … on conflict do update …
 * returning` for all rows. SQLite: per row a lookup, then an update or an insert — on SQLite a
 * read plus a plain write costs a third of an upsert that returns its row.
 */
export class RowsAdd<
  T extends Table,
  K extends Columns<T>,
  S extends Columns<T>,
  L extends Columns<T> = Record<never, PgType>,
  R = Record<string, unknown>,
> {
  private readonly many: Statement<Args, R>;
  private readonly find: Statement<Args, Record<string, unknown>>;
  private readonly update: Statement<Args, unknown>;
  private readonly insert: Statement<Args, unknown>;
  private readonly sumNames: string[];
  private readonly latestNames: string[];
  private readonly columnNames: string[];

  constructor(private readonly def: AddDefinition<T, K, S, L>) {
    const keys = Object.keys(def.keys);
    const sums = (this.sumNames = Object.keys(def.sums));
    const latest = (this.latestNames = Object.keys(def.latest ?? {}));
    const version = def.version ? [def.version] : [];
    const written = [...keys, ...sums, ...latest];
    this.columnNames = written;
    const types = { ...def.keys, ...def.sums, ...(def.latest ?? {}) } as Record<string, PgType>;
    const table = sql.table(def.table);
    const t = (c: string) => sql.ref(`t.${c}`);
    const returned = [...written, ...version, ...(def.returning ?? [])];
    this.many = new Statement(`${def.description} (rows)`, (db, a) =>
      raw(
        db,
        sql<R>`insert into ${table} as t (${columnList([...written, ...version])})
          select ${columnList(written)}${version.length ? sql`, 1` : sql``} from ${unnest(types, a)} order by ord
          on conflict (${columnList(keys)}) do update set ${sql.join([
            ...sums.map((c) => sql`${sql.ref(c)} = ${t(c)} + ${sql.ref(`excluded.${c}`)}`),
            ...latest.map(
              (c) => sql`${sql.ref(c)} = case when ${sql.ref(`excluded.${c}`)} > ${t(c)} then ${sql.ref(`excluded.${c}`)} else ${t(c)} end`,
            ),
            ...version.map((c) => sql`${sql.ref(c)} = ${t(c)} + 1`),
          ])}
          returning ${columnList(returned, 't')}`,
      ),
    );
    const where = (a: Args) =>
      sql.join(
        keys.map((k) => sql`${sql.ref(k)} = ${a[k]}`),
        sql` and `,
      );
    this.find = new Statement(`${def.description} (find)`, (db, a) =>
      raw(
        db,
        sql<
          Record<string, unknown>
        >`select ${columnList([...sums, ...latest, ...version, ...(def.returning ?? [])])} from ${table} where ${where(a)}`,
      ),
    );
    this.update = new Statement(`${def.description} (update)`, (db, a) =>
      raw(
        db,
        sql`update ${table} set ${sql.join([...sums, ...latest, ...version].map((c) => sql`${sql.ref(c)} = ${a[c]}`))} where ${where(a)}`,
      ),
    );
    this.insert = new Statement(`${def.description} (insert)`, (db, a) =>
      raw(
        db,
        sql`insert into ${table} (${columnList([...written, ...version])}) values (${sql.join([...written, ...version].map((c) => a[c]))})`,
      ),
    );
  }

  async run(session: SqlSession, rows: ReadonlyArray<RowOf<T, K> & RowOf<T, S> & RowOf<T, L>>): Promise<R[]> {
    if (rows.length === 0) return [];
    if (session.dialect === 'postgres') return session.all(this.many, columnArrays(this.columnNames, rows as unknown as Args[]));
    if (!(session instanceof SqliteSession)) throw new Error(`${this.def.description}: SQLite rows are added only inside a write batch`);
    const sqlite = session;
    const out: R[] = [];
    const version = this.def.version;
    for (const input of rows as unknown as Args[]) {
      const stored = sqlite.getSync(this.find, input);
      const row: Args = { ...input };
      if (stored) {
        for (const c of this.sumNames) row[c] = Number(stored[c]) + Number(input[c]);
        for (const c of this.latestNames) row[c] = Math.max(Number(stored[c]), Number(input[c]));
        if (version) row[version] = Number(stored[version]) + 1;
        for (const c of this.def.returning ?? []) row[c] = stored[c];
        sqlite.allSync(this.update, row);
      } else {
        if (version) row[version] = 1;
        for (const c of this.def.returning ?? []) row[c] = null;
        sqlite.allSync(this.insert, row);
      }
      out.push(row as R);
      if (sqlite.slice.due()) await sqlite.slice.next();
    }
    return out;
  }
}

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
}
