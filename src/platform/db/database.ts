import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

/** The query interface of both the database and an open transaction. */
export type Queryable = Kysely<DB>;

/**
 * An open store: Kysely over better-sqlite3 (embedded) or pg (scale mode). Repositories use
 * `kysely`; the few places that need engine-specific SQL branch on `dialect`.
 */
export interface Database {
  readonly kysely: Kysely<DB>;
  readonly dialect: DialectName;
  /** The raw embedded connection (SQLite only), for synchronous hot paths. */
  readonly sqlite: SqliteDatabase.Database | null;
  readonly pool: pg.Pool | null;
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
}

export function openDatabase(url: string, options: OpenDatabaseOptions = {}): Database {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  return openPostgres(url, options.poolSize ?? 20);
}

function openSqlite(path: string): Database {
  const file = path === ':memory:' ? ':memory:' : path;
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const raw = new SqliteDatabase(file);
  raw.pragma('journal_mode = WAL');
  // Durable commits: an acknowledged write survives a power cut (CONTRACT.md: no lost writes).
  raw.pragma('synchronous = FULL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  const kysely = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
  return {
    kysely,
    dialect: 'sqlite',
    sqlite: raw,
    pool: null,
    async ping() {
      raw.prepare('select 1').get();
    },
    async close() {
      await kysely.destroy();
    },
  };
}

const STATEMENT_CACHE_SIZE = 2_000;

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running most of
 * Laurel's statements (it was 17% of the event path's CPU). The same SQL text gets the same
 * prepared statement here, least recently used evicted. Safe because better-sqlite3 runs a
 * statement to completion synchronously; only a streamed (`iterate`) query keeps one busy, and
 * Laurel streams none — a busy statement is prepared afresh rather than shared.
 */
function withStatementCache(raw: SqliteDatabase.Database) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => raw.close(),
    prepare(sqlText: string): SqliteDatabase.Statement {
      const hit = cache.get(sqlText);
      if (hit && !hit.busy) {
        cache.delete(sqlText);
        cache.set(sqlText, hit);
        return hit;
      }
      const stmt = raw.prepare(sqlText);
      if (!hit) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(sqlText, stmt);
      }
      return stmt;
    },
  };
}

function openPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    dialect: 'postgres',
    sqlite: null,
    pool,
    async ping() {
      await sql`select 1`.execute(kysely);
    },
    async close() {
      await kysely.destroy();
    },
  };
}
