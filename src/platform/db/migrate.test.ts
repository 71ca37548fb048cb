import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, dropPostgresDatabase } from '../../../test/helpers/test-stores.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

const POSTGRES_URL = process.env.LAUREL_TEST_POSTGRES_URL;

describe.skipIf(!POSTGRES_URL)('migrations on PostgreSQL', () => {
  it('run once when several instances start together', async () => {
    const { url, name } = await createPostgresDatabase(POSTGRES_URL!, null);
    const dbs = [1, 2, 3, 4].map(() => openDatabase(url, { poolSize: 2 }));
    try {
      await Promise.all(dbs.map((db) => migrateToLatest(db)));
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(dbs[0]!.kysely);
      expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
      await dropPostgresDatabase(POSTGRES_URL!, name);
    }
  });
});

describe('migrations on SQLite', () => {
  it('create every table in a fresh in-memory store, and are a no-op the second time', async () => {
    const db = openDatabase('sqlite::memory:');
    await migrateToLatest(db);
    await migrateToLatest(db);
    const rows = db.sqlite!.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[];
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['projects', 'users', 'ledger', 'user_groups', 'api_keys', 'idempotency_keys']),
    );
    await db.close();
  });
});
