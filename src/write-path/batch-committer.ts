import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../platform/db/database.js';
import { unreachableStore } from '../platform/store-outage.js';
import { WalSync } from '../platform/db/wal-sync.js';
import { BatchTransaction, type ApplyBatch, type Committed } from './batch-transaction.js';

export type { UnitOutcome, BatchResult, ApplyBatch } from './batch-transaction.js';

export interface CommitterOptions {
  /** Most units in one batch. */
  maxBatch?: number;
  /** PostgreSQL: most batches of this instance in flight at once (each holds one pool connection). */
  inFlight?: number;
  /**
   * PostgreSQL: a further batch starts only once the youngest batch in flight has run this long (ms);
   * SQLite: the next batch waits for the previous one's fsync and answers until it has run this long.
   * While batches are quick, the units that arrive meanwhile wait and form one larger batch, which
   * costs both processes less per unit; a batch held up (by a row lock another instance holds, a slow
   * statement or fsync) does not hold every caller for longer than this (decision 349).
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
  /**
   * Round trips to PostgreSQL of the committed batches (the COMMIT's included; 0 on SQLite): the times
   * a batch sent statements after waiting for answers (decision 353).
   */
  roundTrips: number;
}

/** Thrown to callers when the committer was closed before their unit was taken. */
export class CommitterClosed extends Error {
  constructor() {
    super('the write path is closed');
  }
}

/**
 * The write path's group commit (decision 070). Units that arrive while batches are being applied
 * queue up and form the next batch; a batch is one transaction (batch-transaction.ts), and its
 * callers are answered only after its commit is durable. SQLite: one batch at a time, committed with
 * synchronous=NORMAL and then fsynced on the thread pool (WalSync); the next batch waits for that
 * fsync and the answers while they are quick, and is applied while the previous one syncs once the
 * previous one has run `overlapAfterMs` (decision 349). PostgreSQL: one batch at a time while
 * batches are quick, up to `inFlight` (2) once the youngest in flight has run `overlapAfterMs`
 * (20 ms, decision 349), each on its own pool connection with its statements pipelined
 * (PostgresSession); batches of several instances run side by side (the apply function takes its
 * row locks in a fixed order).
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
  private readonly transaction: BatchTransaction<U, R>;
  readonly stats: CommitterStats = { batches: 0, units: 0, retries: 0, splits: 0, roundTrips: 0 };

  constructor(
    db: Database,
    apply: ApplyBatch<U, R>,
    private readonly log: FastifyBaseLogger,
    options: CommitterOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 1000;
    this.inFlight = db.dialect === 'sqlite' ? 1 : (options.inFlight ?? 2);
    this.overlapAfterMs = options.overlapAfterMs ?? OVERLAP_AFTER_MS;
    this.walSync = db.sqlite ? new WalSync(db.sqlite) : null;
    this.transaction = new BatchTransaction(db, apply, this.walSync, () => this.stats.retries++);
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
    let committed: Committed<R>;
    try {
      committed = await this.transaction.commit(batch.map((p) => p.unit));
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
    this.stats.roundTrips += committed.roundTrips;
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
}
