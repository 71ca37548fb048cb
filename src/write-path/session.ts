import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type pg from 'pg';
import type { DialectName, Queryable } from '../platform/db/database.js';
import type { DB } from '../platform/db/schema.js';
import { bindArgs, type Args, type Statement } from './statement.js';
import type { StatementCache } from '../platform/db/statement-cache.js';
import { LoopSlice } from '../platform/loop-slice.js';
import { socketOf } from '../platform/db/read-pipeline.js';
import { sendPrepared, type PreparedResult } from '../platform/db/prepared-query.js';

/**
 * One open transaction of the write path, on either store. Statements run prepared (see
 * statement.ts); `execute` runs an ad-hoc Kysely query on the same transaction for the rare paths
 * that need one.
 */
export interface SqlSession {
  readonly dialect: DialectName;
  /**
   * The batch's time slice (decision 217): loops over many rows or units give the event loop a turn
   * when it is used up. On SQLite the transaction holds Kysely's one connection meanwhile, so nothing
   * else reads or writes the store in between; only work that needs no store (/health, parsing) runs.
   */
  readonly slice: LoopSlice;
  /** The rows of a statement (its RETURNING rows for a write). */
  all<A extends Args, R>(statement: Statement<A, R>, args: A): Promise<R[]>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run<A extends Args>(statement: Statement<A, unknown>, args: A): Promise<number>;
  /** An ad-hoc Kysely query on this transaction (compiled each time: keep it off the hot path). */
  execute<R>(query: Compilable<R>): Promise<R[]>;
}

/**
 * The session of a write batch (batch-transaction.ts), where a write may go out unanswered (`later`).
 */
export interface BatchSession extends SqlSession {
  /**
   * Runs a write whose answer nobody reads: the batch commits without waiting for it first. On
   * PostgreSQL it goes out now and the COMMIT right behind it, so the write and the commit take one
   * round trip, and the rows it locks are held for no round trip of their own; its failure aborts the
   * transaction, and the batch fails at commit. SQLite runs it at once.
   */
  later<A extends Args>(statement: Statement<A, unknown>, args: A): void;
  /**
   * A write whose answer (its RETURNING rows) is read only once the batch has committed, in the part's
   * `afterCommit`: sent as `later` is, so the batch commits without waiting for it. The promise is never
   * left unhandled: should the write fail, the batch fails at commit and `afterCommit` does not run.
   * SQLite runs it at once.
   */
  deferred<A extends Args, R>(statement: Statement<A, R>, args: A): Promise<R[]>;
}

/** SQLite: statements of the one statement cache, run synchronously on the connection the transaction holds. */
export class SqliteSession implements BatchSession {
  readonly dialect = 'sqlite' as const;
  readonly slice = new LoopSlice();

  constructor(
    private readonly kysely: Kysely<DB>,
    private readonly cache: StatementCache,
  ) {}

  /** Runs the write now (SQLite answers at once): a failure fails the batch where it was sent. */
  later<A extends Args>(statement: Statement<A, unknown>, args: A): void {
    this.allSync(statement, args);
  }

  /** Runs the write now, as `later` does; its rows are kept for the caller. */
  deferred<A extends Args, R>(statement: Statement<A, R>, args: A): Promise<R[]> {
    return Promise.resolve(this.allSync(statement, args));
  }

  async all<A extends Args, R>(statement: Statement<A, R>, args: A): Promise<R[]> {
    return this.allSync(statement, args);
  }

  /** `all` without a promise, for loops over rows. */
  allSync<A extends Args, R>(statement: Statement<A, R>, args: A): R[] {
    const compiled = statement.compile(this.kysely);
    const stmt = this.cache.keep(compiled, compiled.sql);
    const values = bindArgs(compiled, args);
    if (stmt.reader) return stmt.all(...values) as R[];
    stmt.run(...values);
    return [];
  }

  /** The first row of a reading statement, or undefined (for lookups by a unique key). */
  getSync<A extends Args, R>(statement: Statement<A, R>, args: A): R | undefined {
    const compiled = statement.compile(this.kysely);
    return this.cache.keep(compiled, compiled.sql).get(...compiled.bind(args)) as R | undefined;
  }

  async run<A extends Args>(statement: Statement<A, unknown>, args: A): Promise<number> {
    const compiled = statement.compile(this.kysely);
    const stmt = this.cache.keep(compiled, compiled.sql);
    const values = bindArgs(compiled, args);
    if (stmt.reader) return stmt.all(...values).length;
    return stmt.run(...values).changes;
  }

  async execute<R>(query: Compilable<R>): Promise<R[]> {
    const compiled = query.compile();
    const stmt = this.cache.prepare(compiled.sql);
    const values = compiled.parameters as unknown[];
    if (stmt.reader) return stmt.all(...values) as R[];
    stmt.run(...values);
    return [];
  }
}

/** PostgreSQL: named prepared statements on the pool client that holds the transaction. */
export class PostgresSession implements BatchSession {
  readonly dialect = 'postgres' as const;
  readonly slice = new LoopSlice();
  /** The answers of the writes sent by `later`. */
  private readonly unanswered: Array<Promise<unknown>> = [];
  /** Every write of `later` went out whole when it was called (sendPrepared): none can fail on this side after the COMMIT. */
  private allSent = true;

  later<A extends Args>(statement: Statement<A, unknown>, args: A): void {
    void this.sendUnanswered(statement, args);
  }

  deferred<A extends Args, R>(statement: Statement<A, R>, args: A): Promise<R[]> {
    const rows = this.sendUnanswered(statement, args).then((result) => result.rows as R[]);
    rows.catch(() => undefined); // read in afterCommit only, which a failure never reaches
    return rows;
  }

  /** Sends a write the batch commits without waiting for; its failure is reported by `settle`. */
  private sendUnanswered<A extends Args>(statement: Statement<A, unknown>, args: A): Promise<PreparedResult> {
    const compiled = statement.compile(this.kysely);
    const { answer, sent } = this.send(compiled.name, compiled.sql, bindArgs(compiled, args));
    answer.catch(() => undefined); // reported by settle
    this.unanswered.push(answer);
    if (!sent) this.allSent = false;
    return answer;
  }

  /**
   * Whether the COMMIT may go out before the writes of `later` are answered: each of them is on the
   * wire, so a failure is PostgreSQL's, which aborts the transaction and turns the COMMIT into a ROLLBACK.
   */
  get commitMayFollow(): boolean {
    return this.allSent;
  }

  /** Resolves once every write of `later` is answered; rejects with the first failure. */
  async settle(): Promise<void> {
    for (const answer of this.unanswered) await answer;
  }

  constructor(
    private readonly kysely: Kysely<DB>,
    private readonly client: pg.PoolClient,
  ) {}

  async all<A extends Args, R>(statement: Statement<A, R>, args: A): Promise<R[]> {
    const compiled = statement.compile(this.kysely);
    const result = await this.send(compiled.name, compiled.sql, bindArgs(compiled, args)).answer;
    return result.rows as R[];
  }

  async run<A extends Args>(statement: Statement<A, unknown>, args: A): Promise<number> {
    const compiled = statement.compile(this.kysely);
    const result = await this.send(compiled.name, compiled.sql, bindArgs(compiled, args)).answer;
    return result.rowCount ?? 0;
  }

  async execute<R>(query: Compilable<R>): Promise<R[]> {
    const compiled = query.compile();
    const result = await this.send(undefined, compiled.sql, compiled.parameters as unknown[]).answer;
    return result.rows as R[];
  }

  /**
   * Sends a statement at once (the pool's clients pipeline: it does not wait for the statements
   * before it to be answered). Statements sent in one turn of the event loop leave in one write:
   * the socket is corked until the turn's ticks run. A named statement is described once per
   * connection (decision 343, prepared-query.ts).
   */
  private send(name: string | undefined, text: string, values: unknown[]): { answer: Promise<PreparedResult>; sent: boolean } {
    if (this.ended) return { answer: Promise.reject(new Error('the write batch has ended: no statement may follow')), sent: false };
    this.sending();
    if (!this.corked) {
      const socket = socketOf(this.client);
      if (socket) {
        this.corked = true;
        socket.cork();
        process.nextTick(() => {
          this.corked = false;
          socket.uncork();
        });
      }
    }
    const sent = sendPrepared(this.client, name, text, values);
    const answered = () => {
      this.answered = true;
    };
    const tracked = sent.answer.then(answered, answered);
    this.inFlight.add(tracked);
    void tracked.then(() => this.inFlight.delete(tracked));
    return sent;
  }

  /**
   * Refuses further statements and resolves once every statement sent is answered: after a failed
   * statement, the batch's other statements may still be on their way, and none may run after the
   * ROLLBACK (outside the transaction).
   */
  async end(): Promise<void> {
    this.ended = true;
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  /**
   * Counts a round trip when something goes out after an answer came in since the last send (the
   * transaction calls it for the COMMIT, which it sends itself). BEGIN goes out with the first statements.
   */
  sending(): void {
    if (!this.answered) return;
    this.answered = false;
    this.trips++;
  }

  /** The round trips of the batch so far (decision 353: the write phase leaves with the COMMIT). */
  get roundTrips(): number {
    return this.trips;
  }

  private trips = 0;
  /** An answer came in since the last statement went out (the first statement starts a round trip). */
  private answered = true;
  private corked = false;
  private ended = false;
  private readonly inFlight = new Set<Promise<void>>();
}

/**
 * A write-path statement run through Kysely on a transaction the caller already holds (writers
 * outside the write path, e.g. the users module's liveness lock inside an admin transaction).
 * Statements are compiled with the store's Kysely instance `root` and executed on `trx`.
 */
export class KyselySession implements SqlSession {
  readonly slice = new LoopSlice();

  constructor(
    readonly dialect: DialectName,
    private readonly root: Kysely<DB>,
    private readonly trx: Queryable,
  ) {}

  async all<A extends Args, R>(statement: Statement<A, R>, args: A): Promise<R[]> {
    const compiled = statement.compile(this.root);
    return (await this.trx.executeQuery<R>(CompiledQuery.raw(compiled.sql, bindArgs(compiled, args)))).rows;
  }

  async run<A extends Args>(statement: Statement<A, unknown>, args: A): Promise<number> {
    const compiled = statement.compile(this.root);
    const result = await this.trx.executeQuery(CompiledQuery.raw(compiled.sql, bindArgs(compiled, args)));
    return Number(result.numAffectedRows ?? result.rows.length);
  }

  async execute<R>(query: Compilable<R>): Promise<R[]> {
    return (await this.trx.executeQuery(query.compile())).rows;
  }
}
