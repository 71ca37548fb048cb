import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import type { BatchSession, SqlSession } from './session.js';
import { Statement, type Args } from './statement.js';
import { type PgType, type Table, type Columns, type RowOf, unnest, columnList, raw, forEachRow, columnArrays } from './rows-sql.js';

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
  /** PostgreSQL, one key: equality on the key, so PostgreSQL keeps one generic plan (decision 351). */
  private readonly onePg: Statement<Args, R>;
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
    const within = def.orderBy?.length ? sql` order by ${columnList([...def.orderBy], 't')}` : sql``;
    this.onePg = new Statement(`${def.description} (one key)`, (db, a) =>
      raw(
        db,
        sql<R>`select ${selected} from ${sql.table(def.table)} as t where ${sql.join(
          keys.map((k) => sql`${sql.ref(`t.${k}`)} = ${a[k]}`),
          sql` and `,
        )}${also}${within}${lock}`,
      ),
    );
  }

  async run(session: SqlSession, keys: ReadonlyArray<RowOf<T, K>>): Promise<R[]> {
    if (keys.length === 0) return [];
    if (session.dialect === 'sqlite') {
      return forEachRow(session, this.one, keys as unknown as Args[], this.orderBy ? (rows) => sortRows(rows, this.orderBy!) : undefined);
    }
    if (keys.length === 1) return session.all(this.onePg, keys[0] as unknown as Args);
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

  /**
   * Updates the rows unanswered (`BatchSession.later`): on PostgreSQL sent now and not waited for (its
   * failure fails the batch at commit); SQLite updates them now.
   */
  async later(session: BatchSession, rows: ReadonlyArray<RowOf<T, K> & RowOf<T, S>>): Promise<void> {
    if (rows.length === 0) return;
    if (session.dialect === 'postgres') session.later(this.many, columnArrays(this.names, rows as unknown as Args[]));
    else await forEachRow(session, this.one, rows as unknown as Args[]);
  }
}
