import { Kysely, Migrator, PostgresAdapter, PostgresDialect, sql, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type pg from 'pg';
import type { Database } from './database.js';
import type { DB } from './schema.js';
import { migrations } from './migrations/index.js';

/** The key of the migration lock (Kysely's own, so an older Laurel starting at the same time waits for it too). */
const MIGRATION_LOCK = BigInt('3853314791062309107');

/**
 * Applies pending migrations. On PostgreSQL they run in one transaction that first takes a
 * transaction-scoped advisory lock (pg_advisory_xact_lock), so several instances starting together
 * apply each migration once. Nothing of it outlives the transaction: Kysely's own migrator takes a
 * session-level lock on a connection it holds across its transaction, which a pooler in transaction
 * pooling would hand to different server sessions (a lock left behind, or an unlock that finds none).
 */
export async function migrateToLatest(db: Database): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(db.dialect) };
  const { error, results } =
    db.pool === null ? await new Migrator({ db: db.kysely, provider }).migrateToLatest() : await migratePostgres(db.pool, provider);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** The migration lock is the transaction's own: taken by `migratePostgres`, released by its COMMIT or ROLLBACK. */
class TransactionLockAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

async function migratePostgres(pool: pg.Pool, provider: MigrationProvider): Promise<MigrationResultSet> {
  const client = await pool.connect();
  let broken: Error | undefined;
  // Kysely on this one client and its open transaction (the migrator's own transactions are off).
  const held = { query: (...args: unknown[]) => (client.query as (...a: unknown[]) => unknown)(...args), release: () => undefined };
  const kysely = new Kysely<DB>({
    dialect: new (class extends PostgresDialect {
      override createAdapter() {
        return new TransactionLockAdapter();
      }
    })({ pool: { connect: async () => held, end: async () => undefined } as unknown as pg.Pool }),
  });
  try {
    await client.query('begin');
    try {
      await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK)})`.execute(kysely);
      const outcome = await new Migrator({ db: kysely, provider, disableTransactions: true }).migrateToLatest();
      await client.query(outcome.error ? 'rollback' : 'commit');
      return outcome;
    } catch (error) {
      await client.query('rollback').catch((err: Error) => {
        broken = err;
      });
      throw error;
    }
  } finally {
    await kysely.destroy();
    client.release(broken);
  }
}
