import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { deleteKeysWithPrefix } from '../../src/platform/redis.js';

/** Scale mode when DATABASE_URL is postgres://…, else embedded. */
export const scaleUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL! : null;
export const mode = scaleUrl ? 'scale' : 'embedded';

export interface BenchStore {
  /** Environment for the server under test: store, secrets folder, Redis prefix, quiet logs. */
  env: Record<string, string>;
  /**
   * Removes the temp folder, and in scale mode the database and the Redis keys it created. With BENCH_KEEP_DB=1
   * the database is kept and its name printed, to look at its statistics after the run (pg_stat_user_tables).
   */
  cleanup(): Promise<void>;
  /**
   * Scale mode: ANALYZE the benchmark's database, as autovacuum does within a minute on a live one (the
   * statistics change, so PostgreSQL plans every prepared statement again). Nothing in embedded mode.
   */
  analyze(): Promise<void>;
  /**
   * Scale mode: ANALYZE the tables that changed by more than autovacuum's analyze threshold (50 rows + 10 %)
   * since their last analyze, as autovacuum would on a live database (this machine's PostgreSQL runs without
   * it). Nothing in embedded mode.
   */
  analyzeGrown(): Promise<void>;
}

/**
 * A store of the benchmark's own: a temp folder with a SQLite file (embedded), or a new
 * PostgreSQL database beside DATABASE_URL (or `postgresUrl`) plus a Redis prefix of its own (scale).
 */
export async function createBenchStore(
  name: string,
  base: Record<string, string>,
  postgresUrl: string | null = scaleUrl,
): Promise<BenchStore> {
  const dir = mkdtempSync(join(tmpdir(), `laurel-bench-${name}-`));
  const env: Record<string, string> = { ...base, LAUREL_DATA_DIR: dir, RATE_LIMIT_MAX: '10000000', LOG_LEVEL: 'warn' };
  let database: string | null = null;
  if (postgresUrl) {
    database = `laurel_bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(postgresUrl, `CREATE DATABASE ${database}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
    env.REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    env.LAUREL_REDIS_PREFIX = `laurel-bench:${database}:`;
  } else {
    env.DATABASE_URL = `sqlite:${join(dir, 'laurel.db')}`;
  }
  return {
    env,
    async analyze() {
      if (database) await adminQuery(env.DATABASE_URL!, 'ANALYZE');
    },
    async analyzeGrown() {
      if (!database) return;
      const grown = await adminQuery<{ relname: string }>(
        env.DATABASE_URL!,
        `SELECT s.relname FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
         WHERE s.n_mod_since_analyze > 50 + 0.1 * GREATEST(c.reltuples, 0)`,
      );
      if (grown.length > 0) await adminQuery(env.DATABASE_URL!, `ANALYZE ${grown.map((t) => `"${t.relname}"`).join(', ')}`);
    },
    async cleanup() {
      rmSync(dir, { recursive: true, force: true });
      if (database && process.env.BENCH_KEEP_DB) console.log(`kept database ${database}`);
      else if (database) await adminQuery(postgresUrl!, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      if (env.REDIS_URL && env.LAUREL_REDIS_PREFIX) await deleteKeysWithPrefix(env.REDIS_URL, env.LAUREL_REDIS_PREFIX);
    },
  };
}

async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(serverUrl: string, text: string): Promise<R[]> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return (await admin.query<R>(text)).rows;
  } finally {
    await admin.end();
  }
}

/** Runs `fn` over `items` with at most `limit` at a time. */
export async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let i = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (i < items.length) await fn(items[i++]!);
    }),
  );
}
