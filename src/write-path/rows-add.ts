import { sql } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { SqliteSession, type BatchSession, type SqlSession } from './session.js';
import { Statement, type Args } from './statement.js';
import { type PgType, type Table, type Columns, type RowOf, unnest, columnList, raw, columnArrays } from './rows-sql.js';
import type { KeyedDefinition } from './rows-keyed.js';

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
  /**
   * The columns PostgreSQL answers with, when the caller needs fewer than every written column and
   * `returning` (SQLite's rows hold them all: it reads them anyway).
   */
  answers?: ReadonlyArray<keyof DB[T] & string>;
}

/** What `RowsAdd.deferred` sent: the rows as they are after the write, read once the batch has committed. */
export interface Deferred<R> {
  rows(): Promise<R[]>;
}

const NO_ROWS: Deferred<never> = { rows: () => Promise.resolve([]) };

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
  private readonly quietPg: Statement<Args, unknown>;
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
    const returned: string[] = def.answers ? [...def.answers] : [...written, ...version, ...(def.returning ?? [])];
    const upsert = (a: Args) =>
      sql`insert into ${table} as t (${columnList([...written, ...version])})
          select ${columnList(written)}${version.length ? sql`, 1` : sql``} from ${unnest(types, a)} order by ord
          on conflict (${columnList(keys)}) do update set ${sql.join([
            ...sums.map((c) => sql`${sql.ref(c)} = ${t(c)} + ${sql.ref(`excluded.${c}`)}`),
            ...latest.map(
              (c) => sql`${sql.ref(c)} = case when ${sql.ref(`excluded.${c}`)} > ${t(c)} then ${sql.ref(`excluded.${c}`)} else ${t(c)} end`,
            ),
            ...version.map((c) => sql`${sql.ref(c)} = ${t(c)} + 1`),
          ])}`;
    this.many = new Statement(`${def.description} (rows)`, (db, a) => raw(db, sql<R>`${upsert(a)} returning ${columnList(returned, 't')}`));
    this.quietPg = new Statement(`${def.description} (rows, unanswered)`, (db, a) => raw(db, upsert(a)));
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

  /**
   * Adds the rows unanswered (`BatchSession.later`): on PostgreSQL the same upsert with no RETURNING,
   * sent now and not waited for (its failure fails the batch at commit); SQLite adds them now.
   */
  async later(session: BatchSession, rows: ReadonlyArray<RowOf<T, K> & RowOf<T, S> & RowOf<T, L>>): Promise<void> {
    if (rows.length === 0) return;
    if (session.dialect === 'postgres') session.later(this.quietPg, columnArrays(this.columnNames, rows as unknown as Args[]));
    else await this.sqlite(session, rows);
  }

  /**
   * Adds the rows, their new totals read only after the commit (`BatchSession.deferred`): on PostgreSQL
   * sent now and not waited for, SQLite adds them now. Resolves once they are sent, to their answer.
   */
  async deferred(session: BatchSession, rows: ReadonlyArray<RowOf<T, K> & RowOf<T, S> & RowOf<T, L>>): Promise<Deferred<R>> {
    if (rows.length === 0) return NO_ROWS;
    const answer =
      session.dialect === 'postgres'
        ? session.deferred(this.many, columnArrays(this.columnNames, rows as unknown as Args[]))
        : Promise.resolve(await this.sqlite(session, rows));
    return { rows: () => answer };
  }

  async run(session: SqlSession, rows: ReadonlyArray<RowOf<T, K> & RowOf<T, S> & RowOf<T, L>>): Promise<R[]> {
    if (rows.length === 0) return [];
    if (session.dialect === 'postgres') return session.all(this.many, columnArrays(this.columnNames, rows as unknown as Args[]));
    return this.sqlite(session, rows);
  }

  private async sqlite(session: SqlSession, rows: ReadonlyArray<RowOf<T, K> & RowOf<T, S> & RowOf<T, L>>): Promise<R[]> {
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
