import { createHash } from 'node:crypto';
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { preparesNamedStatements } from '../platform/db/database.js';
import { readPipelineOf } from '../platform/db/read-pipeline.js';
import type { DB } from '../platform/db/schema.js';

/** The named arguments a statement runs with. */
export type Args = Record<string, unknown>;

/** A placeholder for the argument `name`; Kysely compiles it into a parameter like any value. */
class Arg {
  constructor(readonly name: string) {}
}

/** A statement compiled for one store: its SQL, where each argument goes, and a name for preparing. */
export interface CompiledStatement {
  /**
   * `s<hash of the SQL>`: the name of the prepared statement on PostgreSQL; undefined behind a pooler
   * in transaction pooling (DATABASE_POOLER=transaction), where the statement is sent unnamed each time.
   */
  readonly name: string | undefined;
  readonly sql: string;
  /** One entry per SQL parameter: the argument's name, or a constant Kysely put there. */
  readonly params: ReadonlyArray<Arg | unknown>;
  /** The parameter values for `args` (a function generated for this statement: no lookups by name at run time). */
  readonly bind: (args: Args) => unknown[];
}

/**
 * A statement of the write path (decision 070: one SQL source). It is written once with Kysely,
 * compiled once per store (the `?` of SQLite or the `$n` of PostgreSQL), and run prepared with
 * named arguments: better-sqlite3 statements from the store's one statement cache on SQLite,
 * named prepared statements on PostgreSQL (unnamed ones behind a pooler in transaction pooling,
 * decision 280). `build` receives placeholders in place of the
 * arguments, so it must only pass them on as values (never inspect them).
 *
 * @example
 * const countAnswer = new Statement<{ projectId: string; surveyId: string }>('count an answer', (db, a) =>
 *   db.updateTable('surveys').set({ answered_total: sql`answered_total + 1` })
 *     .where('project_id', '=', a.projectId).where('survey_id', '=', a.surveyId));
 * await session.run(countAnswer, { projectId: 'p', surveyId: 's' });
 */
export class Statement<A extends Args = Args, R = unknown> {
  private readonly compiled = new WeakMap<Kysely<DB>, CompiledStatement>();

  constructor(
    /** What the statement does, for logs and errors. */
    readonly description: string,
    private readonly build: (db: Kysely<DB>, args: A) => Compilable<R>,
  ) {}

  /** The statement compiled with `db`'s dialect; compiled on first use, then kept. */
  compile(db: Kysely<DB>): CompiledStatement {
    let hit = this.compiled.get(db);
    if (!hit) {
      const placeholders = new Proxy({}, { get: (_target, name) => new Arg(String(name)) }) as A;
      const query = this.build(db, placeholders).compile();
      hit = {
        name: preparesNamedStatements(db) ? `s${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}` : undefined,
        sql: query.sql,
        params: query.parameters,
        bind: binder(query.parameters),
      };
      this.compiled.set(db, hit);
    }
    return hit;
  }

  /**
   * Runs the statement on `db` — the store's Kysely instance or a transaction of it — outside the
   * write path, for reads on hot routes (decision 269): compiled once per store, so a call builds
   * no query and compiles nothing. On SQLite and in a transaction it goes through Kysely's driver
   * like any query; on PostgreSQL outside a transaction, through the store's read pipeline.
   */
  async rows(db: Kysely<DB>, args: A): Promise<R[]> {
    const adapter = db.getExecutor().adapter;
    let hit = this.byAdapter.get(adapter);
    if (!hit) this.byAdapter.set(adapter, (hit = this.compile(db)));
    // PostgreSQL, outside a transaction: with the other reads of this turn, in one write (decision 286),
    // as the named prepared statement (decision 336; unnamed behind a pooler in transaction pooling).
    const pipeline = readPipelineOf(db);
    if (pipeline) return (await pipeline.query(hit.sql, hit.bind(args), hit.name)).rows as R[];
    return (await db.executeQuery<R>(CompiledQuery.raw(hit.sql, hit.bind(args)))).rows;
  }

  /** The first row of `rows`, or undefined. */
  async first(db: Kysely<DB>, args: A): Promise<R | undefined> {
    return (await this.rows(db, args))[0];
  }

  /** Compiled per dialect adapter: a transaction shares its store's adapter, so it finds the store's compilation. */
  private readonly byAdapter = new WeakMap<object, CompiledStatement>();

  /** Type-only: the row type of the statement. */
  declare readonly row: R;
}

/** The parameter values of a compiled statement for `args` (a missing argument is an error, not NULL). */
export function bindArgs(compiled: CompiledStatement, args: Args): unknown[] {
  return compiled.bind(args);
}

function missing(name: string): never {
  throw new Error(`statement argument "${name}" is missing`);
}

/**
 * Generates `(a) => [a.x ?? missing('x'), c[1], …]` for the statement's parameters: each argument
 * is a named property read at a fixed place, which the engine compiles to a direct load (a generic
 * loop over names would read every property by key, the slowest kind of property access).
 * Names come from the statement's own definition, never from input.
 */
function binder(params: readonly unknown[]): (args: Args) => unknown[] {
  const constants = params.map((p) => (p instanceof Arg ? undefined : p));
  const items = params.map((p, i) => {
    if (!(p instanceof Arg)) return `c[${i}]`;
    const name = JSON.stringify(p.name);
    return `(a[${name}] === undefined ? m(${name}) : a[${name}])`;
  });
  return new Function('c', 'm', `return function bind(a) { return [${items.join(', ')}]; };`)(constants, missing) as (
    args: Args,
  ) => unknown[];
}
