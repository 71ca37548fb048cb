import type { Database } from '../platform/db/database.js';
import type { WalSync } from '../platform/db/wal-sync.js';
import { isStalePlan } from '../platform/db/read-pipeline.js';
import { PostgresSession, SqliteSession, type BatchSession } from './session.js';

/** What one unit of a batch came to: its value, or the error its caller gets. */
export type UnitOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface BatchResult<R> {
  /** One outcome per unit, in the order of the units. */
  outcomes: Array<UnitOutcome<R>>;
  /** Runs after the batch is durable and before any caller is answered (e.g. index updates). Must not throw. */
  afterCommit?: () => Promise<void>;
}

/** Applies a batch of units inside one transaction (everything it reads and writes goes through `session`). */
export type ApplyBatch<U, R> = (session: BatchSession, units: readonly U[]) => Promise<BatchResult<R>>;

/** A batch committed: what it decided, and when it is durable (SQLite: the WAL's fsync). */
export interface Committed<R> {
  result: BatchResult<R>;
  durable: Promise<void>;
  /** The batch's round trips to PostgreSQL, the COMMIT's included (SQLite: 0). */
  roundTrips: number;
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

/**
 * One batch of the group commit (batch-committer.ts) as one transaction on the store. SQLite: on
 * Kysely's one connection, committed with synchronous=NORMAL and made durable by WalSync (decision
 * 018). PostgreSQL: on a pool connection of its own, BEGIN pipelined with the batch's statements.
 */
export class BatchTransaction<U, R> {
  constructor(
    private readonly db: Database,
    private readonly apply: ApplyBatch<U, R>,
    private readonly walSync: WalSync | null,
    /** Called for each try after the first (counted in the committer's stats). */
    private readonly onRetry: () => void,
  ) {}

  /** Applies and commits `units` as one transaction; tries it again after a deadlock, a serialization failure or a stale plan. */
  async commit(units: U[]): Promise<Committed<R>> {
    let attempts = 0;
    let stale = 0;
    for (;;) {
      try {
        return await (this.db.dialect === 'sqlite' ? this.sqlite(units) : this.postgres(units));
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && RETRYABLE.has(code) && attempts++ < MAX_RETRIES) {
          this.onRetry();
          continue;
        }
        // The batch did nothing wrong: its connection held a plan made for the table's old columns.
        if (isStalePlan(error) && stale++ < MAX_STALE_RETRIES) {
          this.onRetry();
          continue;
        }
        throw error;
      }
    }
  }

  private async sqlite(units: U[]): Promise<Committed<R>> {
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
    return { result, durable: defer ? this.walSync!.sync() : Promise.resolve(), roundTrips: 0 };
  }

  private async postgres(units: U[]): Promise<Committed<R>> {
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
        // COMMIT goes out behind the writes nobody waited for (`later`): they and the commit take one
        // round trip. Should one of them fail, the transaction is aborted and PostgreSQL answers the
        // COMMIT with a ROLLBACK: `settle` rejects with that write's error, and the batch fails. A
        // write not on the wire whole (refused on this side) is waited for first: it aborts nothing.
        if (!session.commitMayFollow) await session.settle();
        session.sending();
        const committed = client.query('commit');
        committed.catch(() => undefined); // handled now, awaited below
        await begun;
        await session.settle();
        await session.end();
        await committed;
        return { result, durable: Promise.resolve(), roundTrips: session.roundTrips };
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
