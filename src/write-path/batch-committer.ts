import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../platform/db/database.js';
import { PostgresSession, SqliteSession, type SqlSession } from './session.js';
import { unreachableStore } from '../platform/store-outage.js';
import { WalSync } from '../platform/db/wal-sync.js';
import { isStalePlan } from '../platform/db/read-pipeline.js';

/** What one unit of a batch came to: its value, or the error its caller gets. */
export type UnitOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface BatchResult<R> {
  /** One outcome per unit, in the order of the units. */
  outcomes: Array<UnitOutcome<R>>;
  /** Runs after the batch is durable and before any caller is answered (e.g. index updates). Must not throw. */
  afterCommit?: () => Promise<void>;
}

/** Applies a batch of units inside one transaction (everything it reads and writes goes through `session`). */
export type ApplyBatch<U, R> = (session: SqlSession, units: readonly U[]) => Promise<BatchResult<R>>;

export interface CommitterOptions {
  /** Most units in one batch. */
  maxBatch?: number;
  /** PostgreSQL: most batches of this instance in flight at once (each holds one pool connection). */
  inFlight?: number;
  /**
   * PostgreSQL: a further batch starts only once the youngest batch in flight has run this long (ms).
   * While batches are quick, the units that arrive meanwhile wait and form one larger batch, which
   * costs both processes less per unit; a batch held up (by a row lock another instance holds, a slow
   * statement) does not hold every caller for longer than this (decision 349).
   */
  overlapAfterMs?: number;
}

/** How long a batch runs alone before another may start beside it (decision 349). */
export const OVERLAP_AFTER_MS = 20;

interface Pending<U, R> {
  unit: U;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/** PostgreSQL errors after which the same batch is simply tried again. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_RETRIES = 5;
/**
 * Tries of a batch that met a prepared statement gone stale under it (a newer instance added a column
 * during a rolling upgrade). Each try closes the connection it met it on, and a connection opened since
 * prepares the statement anew: at most one try per connection of the pool, and a few more.
 */
const MAX_STALE_RETRIES = 64;

/** Counters of the committer since it started (exported as metrics). */
export interface CommitterStats {
  /** Batches committed. */
  batches: number;
  /** Units in committed batches. */
  units: number;
  /** Batches retried after a deadlock or serialization failure. */
  retries: number;
  /** Batches that failed as a whole and were split into their units. */
  splits: number;
}

/** Thrown to callers when the committer was closed before their unit was taken. */
export class CommitterClosed extends Error {
  constructor() {
    super('the write path is closed');
  }
}

/**
 * The write path's group commit (decision 070). Units that arrive while batches are being applied
 * queue up and form the next batch; a batch is one transaction, and its callers are answered only
 * after its commit is durable. SQLite: one batch at a time, committed with synchronous=NORMAL and
 * then fsynced on the thread pool (WalSync); the next batch waits for that fsync and the answers
 * while they are quick, and is applied while the previous one syncs once the previous one has run
 * `overlapAfterMs` (decision 349). PostgreSQL: one batch at a time while batches are quick, up to `inFlight` (2) once the
 * youngest in flight has run `overlapAfterMs` (20 ms, decision 349), each on its own pool connection
 * with its statements pipelined (PostgresSession); batches of several instances run side by side
 * (the apply function takes its row locks in a fixed order).
 * When a batch fails as a whole, a deadlock or serialization failure is retried; an unreachable
 * store fails every unit of the batch at once; any other error splits the batch, and each unit is
 * applied alone, so one bad unit fails only its own caller.
 */
export class BatchCommitter<U, R> {
  private readonly queue: Array<Pending<U, R>> = [];
  private running = 0;
  private scheduled = false;
  private closed = false;
  private idle: Array<() => void> = [];
  /** Batches committed but not yet answered (waiting for their fsync or afterCommit). */
  private readonly answering = new Set<Promise<void>>();
  private readonly maxBatch: number;
  private readonly inFlight: number;
  private readonly overlapAfterMs: number;
  /** When each batch in flight started (performance.now()), in starting order. */
  private readonly startedAt: number[] = [];
  /** A schedule() waiting for the youngest batch in flight to have run `overlapAfterMs`. */
  private overlapTimer: NodeJS.Timeout | null = null;
  private readonly walSync: WalSync | null;
  readonly stats: CommitterStats = { batches: 0, units: 0, retries: 0, splits: 0 };

  constructor(
    private readonly db: Database,
    private readonly apply: ApplyBatch<U, R>,
    private readonly log: FastifyBaseLogger,
    options: CommitterOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 1000;
    this.inFlight = db.dialect === 'sqlite' ? 1 : (options.inFlight ?? 2);
    this.overlapAfterMs = options.overlapAfterMs ?? OVERLAP_AFTER_MS;
    this.walSync = db.sqlite ? new WalSync(db.sqlite) : null;
  }

  /** Queues a unit; resolves with its value once its batch is durable. */
  submit(unit: U): Promise<R> {
    if (this.closed) return Promise.reject(new CommitterClosed());
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ unit, resolve, reject });
      this.schedule();
    });
  }

  /** Queues several units in this order (they may share a batch). */
  submitAll(units: readonly U[]): Array<Promise<R>> {
    return units.map((u) => this.submit(u));
  }

  /** Applies what is queued, then refuses new units; resolves when every batch is answered. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.running > 0 || this.queue.length > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    await Promise.all(this.answering);
    await this.walSync?.close();
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.inFlight) return;
    if (this.running > 0) {
      // Another batch beside the ones in flight only once the youngest has run overlapAfterMs.
      // (A batch ending schedules again, so the timer only shortens a wait: it need not keep the process alive.)
      const wait = this.startedAt[this.startedAt.length - 1]! + this.overlapAfterMs - performance.now();
      if (wait > 0) {
        this.overlapTimer ??= setTimeout(() => {
          this.overlapTimer = null;
          if (this.queue.length > 0) this.schedule();
        }, Math.ceil(wait)).unref();
        return;
      }
    }
    this.scheduled = true;
    // Let the requests read in this turn of the event loop join the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  private drain(): void {
    // One batch per drain: a second one waits for schedule() to find the first slow (overlapAfterMs).
    if (this.running < this.inFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.running++;
      const started = performance.now();
      this.startedAt.push(started);
      void this.runBatch(batch)
        // SQLite: the next batch waits for this one's fsync while that is quick (decision 349).
        .then((done) => (done && this.walSync ? this.untilOverlap(done.answered, started) : undefined))
        .finally(() => {
          this.running--;
          this.startedAt.splice(this.startedAt.indexOf(started), 1);
          if (this.queue.length > 0) this.schedule();
          else if (this.running === 0) for (const resolve of this.idle.splice(0)) resolve();
        });
      // More than one batch's worth queued (a bulk request): the rest may start beside it once it is slow.
      if (this.queue.length > 0) this.schedule();
    }
  }

  /** Resolves when `answered` does, or once the batch started at `started` has run `overlapAfterMs`. */
  private async untilOverlap(answered: Promise<void>, started: number): Promise<void> {
    const left = started + this.overlapAfterMs - performance.now();
    if (left <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([answered, new Promise<void>((resolve) => (timer = setTimeout(resolve, left)))]);
    clearTimeout(timer);
  }

  /**
   * Applies and commits a batch, and answers its callers once it is durable; never rejects. Resolves
   * after the commit, with the answering (which never rejects) when the batch committed as a whole.
   * (Wrapped: an async function returning a promise would wait for it.)
   */
  private async runBatch(batch: Array<Pending<U, R>>): Promise<{ answered: Promise<void> } | undefined> {
    let committed: { result: BatchResult<R>; durable: Promise<void> };
    try {
      committed = await this.commitWithRetries(batch.map((p) => p.unit));
    } catch (error) {
      // An unreachable store fails every unit alike: answer them all now (503) rather than try each
      // unit alone against a store that is down, which would hold the last caller for n timeouts.
      if (batch.length === 1 || unreachableStore(error) !== null) {
        for (const pending of batch) pending.reject(error);
        return;
      }
      this.stats.splits++;
      this.log.warn({ err: error, units: batch.length }, 'write batch failed; applying its units one by one');
      for (const pending of batch) await this.runBatch([pending]);
      return;
    }
    this.stats.batches++;
    this.stats.units += batch.length;
    // The next batch may start while this one becomes durable (SQLite: the WAL fsync) and its
    // afterCommit runs: only the transaction holds a connection.
    const answered = committed.durable.then(
      async () => {
        if (committed.result.afterCommit) {
          try {
            await committed.result.afterCommit();
          } catch (err) {
            this.log.error({ err }, 'write batch afterCommit failed');
          }
        }
        batch.forEach((pending, i) => {
          const outcome = committed.result.outcomes[i]!;
          if (outcome.ok) pending.resolve(outcome.value);
          else pending.reject(outcome.error);
        });
      },
      (error: unknown) => {
        for (const pending of batch) pending.reject(error);
      },
    );
    this.answering.add(answered);
    void answered.finally(() => this.answering.delete(answered));
    return { answered };
  }

  private async commitWithRetries(units: U[]): Promise<{ result: BatchResult<R>; durable: Promise<void> }> {
    let attempts = 0;
    let stale = 0;
    for (;;) {
      try {
        return await (this.db.dialect === 'sqlite' ? this.commitSqlite(units) : this.commitPostgres(units));
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && RETRYABLE.has(code) && attempts++ < MAX_RETRIES) {
          this.stats.retries++;
          continue;
        }
        // The batch did nothing wrong: its connection held a plan made for the table's old columns.
        if (isStalePlan(error) && stale++ < MAX_STALE_RETRIES) {
          this.stats.retries++;
          continue;
        }
        throw error;
      }
    }
  }

  private async commitSqlite(units: U[]): Promise<{ result: BatchResult<R>; durable: Promise<void> }> {
    const raw = this.db.sqlite!;
    const defer = this.walSync?.canDefer() ?? false;
    // Hold Kysely's one connection for the whole batch: nothing else runs on it meanwhile, and the
    // synchronous level switched for this commit applies to nothing else.
    const result = await this.db.kysely.connection().execute(async () => {
      if (defer) raw.exec('pragma synchronous = NORMAL');
      try {
        raw.exec('begin immediate');
        try {
          const r = await this.apply(new SqliteSession(this.db.kysely, this.db.statements!), units);
          raw.exec('commit');
          return r;
        } catch (error) {
          if (raw.inTransaction) raw.exec('rollback');
          throw error;
        }
      } finally {
        if (defer) raw.exec('pragma synchronous = FULL');
      }
    });
    return { result, durable: defer ? this.walSync!.sync() : Promise.resolve() };
  }

  private async commitPostgres(units: U[]): Promise<{ result: BatchResult<R>; durable: Promise<void> }> {
    const client = await this.db.pool!.connect();
    let broken: Error | undefined;
    try {
      // Pipelined: BEGIN goes out with the batch's first statements (it cannot fail on its own on a
      // healthy connection; a broken one fails the statements behind it too).
      const begun = client.query('begin');
      begun.catch(() => undefined); // handled now, awaited below
      const session = new PostgresSession(this.db.kysely, client);
      try {
        const result = await this.apply(session, units);
        await begun;
        await session.end();
        await client.query('commit');
        return { result, durable: Promise.resolve() };
      } catch (error) {
        await begun.catch(() => undefined);
        await session.end();
        await client.query('rollback').catch((err: Error) => {
          broken = err;
        });
        // A prepared statement of this connection is stale for good (PostgreSQL refuses it on every run):
        // the connection is closed, and its statements with it.
        if (isStalePlan(error)) broken ??= error as Error;
        throw error;
      }
    } finally {
      client.release(broken);
    }
  }
}
