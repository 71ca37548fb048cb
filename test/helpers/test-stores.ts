import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/platform/db/database.js';
import { migrateToLatest } from '../../src/platform/db/migrate.js';

/**
 * The stores of the HTTP tests, migrated once (docs/testing.md):
 * - PostgreSQL: the global setup migrates one template database per test run; each test file
 *   copies it (`CREATE DATABASE … TEMPLATE`, a file copy) instead of migrating its own;
 * - SQLite: each worker migrates one in-memory store and serializes it; every app opens a copy.
 */

/** Every test database's name starts so; the file (or run) that made one drops it. */
const DATABASE_PREFIX = 'laurel_test_';

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates the template database of this run and applies every migration to it. */
export async function createPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `${DATABASE_PREFIX}template_${randomBytes(4).toString('hex')}`;
  await withClient(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const db = openDatabase(databaseUrl(serverUrl, name), { poolSize: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.close();
  }
  return name;
}

export async function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  await withClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/**
 * A database of one test file: a copy of the template when there is one (the migrations then have
 * nothing to do), else empty (the app migrates it). Answers its URL and name.
 */
export async function createPostgresDatabase(serverUrl: string, template: string | null): Promise<{ url: string; name: string }> {
  const name = `${DATABASE_PREFIX}${randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, async (c) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await c.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
        return;
      } catch (err) {
        // Two files copying the template at the same moment: PostgreSQL refuses the second copy
        // while the first holds the template ("being accessed by other users"); it is free again at once.
        if (attempt >= 20 || !/being accessed by other users/.test((err as Error).message)) throw err;
        await new Promise((r) => setTimeout(r, 50 * attempt));
      }
    }
  });
  return { url: databaseUrl(serverUrl, name), name };
}

/**
 * Runs `run` on an empty PostgreSQL database of its own (not migrated: a migration test migrates it
 * itself), then closes and drops it, whatever `run` did.
 */
export async function withEmptyPostgres(serverUrl: string, run: (db: Database) => Promise<void>): Promise<void> {
  const { url, name } = await createPostgresDatabase(serverUrl, null);
  const db = openDatabase(url, { poolSize: 2 });
  try {
    await run(db);
  } finally {
    await db.close();
    await dropPostgresDatabase(serverUrl, name);
  }
}

/**
 * Empties every table of a test database in one round trip. DELETE, not TRUNCATE: with the few
 * rows a test writes it takes milliseconds, where truncating ~50 tables takes a few hundred.
 */
export class PostgresEmptier {
  private statement: string | null = null;
  private client: pg.Client | null = null;

  constructor(private readonly url: string) {}

  async empty(): Promise<void> {
    if (!this.client) {
      this.client = new pg.Client({ connectionString: this.url });
      await this.client.connect();
    }
    const client = this.client;
    this.statement ??= await emptyingStatement(client);
    if (this.statement) await client.query(this.statement);
  }

  async close(): Promise<void> {
    await this.client?.end();
    this.client = null;
  }
}

async function emptyingStatement(client: pg.Client): Promise<string> {
  const tables = await client.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' and tablename not like 'kysely_%'",
  );
  const sequences = await client.query<{ name: string }>(
    "select sequencename as name from pg_sequences where schemaname = 'public' and sequencename not like 'kysely_%'",
  );
  return [...tables.rows.map((t) => `DELETE FROM "${t.name}";`), ...sequences.rows.map((s) => `ALTER SEQUENCE "${s.name}" RESTART;`)].join(
    '\n',
  );
}

let image: Promise<Buffer> | null = null;

/** A migrated, empty in-memory SQLite store, serialized once per worker. */
export function sqliteImage(): Promise<Buffer> {
  image ??= (async () => {
    const db = openDatabase('sqlite::memory:');
    try {
      await migrateToLatest(db);
      return db.sqlite!.serialize();
    } finally {
      await db.close();
    }
  })();
  return image;
}
