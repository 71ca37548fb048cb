import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabasePooler } from '../../config.js';
import type { DB } from './schema.js';
import { HotStatements, kyselyPool } from './hot-statements.js';
import { ReadPipeline, registerReadPipeline } from './read-pipeline.js';
import { StatementCache } from './statement-cache.js';
import { FALLBACK_AUTOCHECKPOINT_PAGES, WalCheckpointer } from './wal-checkpointer.js';

export type DialectName = 'sqlite' | 'postgres';

/** The query interface of both the database and an open transaction. */
export type Queryable = Kysely<DB>;

/**
 * An open store: Kysely over better-sqlite3 (embedded) or pg (scale mode). Repositories use
 * `kysely`; what differs between the engines is asked of `dialect-sql.ts` (outside src/platform/db
 * nothing compares `dialect` itself).
 */
export interface Database {
  readonly kysely: Kysely<DB>;
  readonly dialect: DialectName;
  /** The raw embedded connection (SQLite only), for the write path's transactions and bulk reads. */
  readonly sqlite: SqliteDatabase.Database | null;
  /** The embedded store's one prepared-statement cache (SQLite only), shared with Kysely's driver. */
  readonly statements: StatementCache | null;
  readonly pool: pg.Pool | null;
  /** `transaction`: PostgreSQL is reached through a pooler in transaction pooling (DATABASE_POOLER). */
  readonly pooler: DatabasePooler;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// int8 (counts, sums of bigint columns, ms timestamps) and numeric arrive as strings from pg.
// Every such value in Laurel fits a double, so read them as numbers.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export interface OpenDatabaseOptions {
  /** PostgreSQL pool size. */
  poolSize?: number;
  /**
   * The contents of an in-memory SQLite store to start from (`sqlite::memory:` only): a store
   * serialized after its migrations, so that tests which open hundreds of stores migrate once.
   */
  sqliteImage?: Buffer;
  /**
   * `transaction`: a pooler in transaction pooling (PgBouncer) stands in front of PostgreSQL, so a
   * connection of the pool may meet another server session in each transaction. Nothing may then
   * outlive a transaction on the server: statements are not prepared by name (decision 280).
   */
  pooler?: DatabasePooler;
}

/** The PostgreSQL stores opened behind a pooler in transaction pooling (their Kysely instances). */
const behindTransactionPooler = new WeakSet<Kysely<DB>>();

/**
 * Whether statements compiled with `kysely` may be prepared by name on the server. Not behind a
 * pooler in transaction pooling: a statement prepared in one transaction's server session is unknown
 * to the next one's (`prepared statement "s…" does not exist`), and PgBouncer 1.18 does not track them.
 */
export function preparesNamedStatements(kysely: Kysely<DB>): boolean {
  return !behindTransactionPooler.has(kysely);
}

export function openDatabase(url: string, options: OpenDatabaseOptions = {}): Database {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length), options.sqliteImage);
  return openPostgres(url, options.poolSize ?? 20, options.pooler ?? 'none');
}

function openSqlite(path: string, image?: Buffer): Database {
  const file = path === ':memory:' ? ':memory:' : path;
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const raw = file === ':memory:' && image ? new SqliteDatabase(image) : new SqliteDatabase(file);
  raw.pragma('journal_mode = WAL');
  // Durable commits: an acknowledged write survives a power cut.
  raw.pragma('synchronous = FULL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  // Checkpoints run in a worker (decision 071); this connection's own is only the fallback.
  const checkpointer = file === ':memory:' ? null : new WalCheckpointer(file);
  if (checkpointer) raw.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  const statements = new StatementCache(raw);
  const database = { close: () => raw.close(), prepare: (sqlText: string) => statements.prepare(sqlText) };
  const kysely = new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
  return {
    kysely,
    dialect: 'sqlite',
    sqlite: raw,
    statements,
    pool: null,
    pooler: 'none',
    async ping() {
      raw.prepare('select 1').get();
    },
    async close() {
      await kysely.destroy();
      await checkpointer?.close();
    },
  };
}

/** How long a request waits for a connection (a free one, or a new one) before it fails with 503. */
const CONNECT_TIMEOUT_MS = 1_500;

function openPostgres(url: string, poolSize: number, pooler: DatabasePooler): Database {
  // Pipeline mode (pg ≥ 8.23): a client sends a statement without waiting for
  // the answers to those before it; the write path sends a batch's statements together (decision 070).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    pipeline: true,
  });
  // A client losing its connection (PostgreSQL killed, restarted, or the backend terminated)
  // emits 'error'. pg-pool listens only on idle clients; an 'error' of a checked-out client with
  // no listener would crash the process. Every client gets one here, checked out or raw; the query
  // in flight fails on its own (503), and the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  pool.on('error', () => undefined);
  const pipeline = new ReadPipeline(pool);
  // Not behind a pooler in transaction pooling: a statement prepared in one server session is unknown to the next.
  const behind = pooler === 'transaction';
  const queries = kyselyPool(pool, behind ? null : new HotStatements(), behind ? null : pipeline);
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool: queries }) });
  registerReadPipeline(kysely, pipeline);
  if (pooler === 'transaction') behindTransactionPooler.add(kysely);
  return {
    kysely,
    dialect: 'postgres',
    sqlite: null,
    statements: null,
    pool,
    pooler,
    async ping() {
      await sql`select 1`.execute(kysely);
    },
    async close() {
      await kysely.destroy();
    },
  };
}
