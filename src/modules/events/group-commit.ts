import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import type { Queryable } from '../../platform/db/database.js';
import type { SqliteStatements } from '../../platform/db/sqlite-statements.js';
import type { WalSync } from '../../platform/db/wal-sync.js';

/** Runs a unit of work in a transaction and resolves after the commit. */
export interface TransactionRunner {
  run<T>(work: (trx: Queryable) => Promise<T>): Promise<T>;
}

/** PostgreSQL: one transaction per unit; concurrency comes from the pool. */
export class PerUnitTransactions implements TransactionRunner {
  constructor(private readonly db: Kysely<DB>) {}

  run<T>(work: (trx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }
}

interface Pending {
  work: (trx: Queryable) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * SQLite group commit: units that arrive while a transaction is running queue up and share the
 * next transaction, so many events cost one commit (one fsync with synchronous=FULL). Each unit
 * runs inside its own SAVEPOINT: a unit that throws is rolled back alone and its caller gets the
 * error; the others commit. Every caller is answered only after the commit of its batch is
 * durable: the batch commits with synchronous=NORMAL and its WAL is then fsynced on the thread
 * pool (WalSync), so the event loop keeps working during the fsync (decision 018). Without a WAL
 * file (in-memory store) the commit keeps the connection's synchronous=FULL.
 */
export class GroupCommitter implements TransactionRunner {
  private queue: Pending[] = [];
  private draining = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly sqlite: SqliteStatements,
    private readonly durability: WalSync,
    private readonly maxBatch = 512,
  ) {}

  run<T>(work: (trx: Queryable) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (v: unknown) => void, reject });
      if (!this.draining) {
        this.draining = true;
        // Let the requests read in this turn of the event loop join the first batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        await this.commitBatch(batch);
      }
    } finally {
      this.draining = false;
    }
  }

  private async commitBatch(batch: Pending[]): Promise<void> {
    const results: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    const deferSync = this.durability.canDefer();
    try {
      // Hold the one connection for the whole batch, so the synchronous level switched for this
      // commit applies to nothing else (SQLite refuses to switch it inside a transaction).
      await this.db.connection().execute(async (conn) => {
        if (deferSync) this.sqlite.exec('pragma synchronous = NORMAL');
        try {
          await conn.transaction().execute(async (trx) => {
            for (const unit of batch) {
              // Synchronous on the connection this transaction holds (see SqliteStatements).
              this.sqlite.exec('savepoint unit');
              try {
                const value = await unit.work(trx);
                this.sqlite.exec('release unit');
                results.push({ ok: true, value });
              } catch (error) {
                this.sqlite.exec('rollback to unit');
                this.sqlite.exec('release unit');
                results.push({ ok: false, error });
              }
            }
          });
        } finally {
          if (deferSync) this.sqlite.exec('pragma synchronous = FULL');
        }
      });
    } catch (error) {
      // The commit itself failed: nothing of the batch is stored.
      for (const unit of batch) unit.reject(error);
      return;
    }
    // Durable before anyone is answered; the next batch already runs while this one syncs.
    (deferSync ? this.durability.sync() : Promise.resolve())
      .then(() => {
        batch.forEach((unit, i) => {
          const r = results[i]!;
          if (r.ok) unit.resolve(r.value);
          else unit.reject(r.error);
        });
      })
      .catch((error: unknown) => {
        for (const unit of batch) unit.reject(error);
      });
  }
}
