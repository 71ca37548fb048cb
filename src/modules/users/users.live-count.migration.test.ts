import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withEmptyPostgres } from '../../../test/helpers/test-stores.js';
import { openDatabase, type Database } from '../../platform/db/database.js';
import { migrateToLatest } from '../../platform/db/migrate.js';
import { migrations } from '../../platform/db/migrations/index.js';

const POSTGRES_URL = process.env.LAUREL_TEST_POSTGRES_URL;

/**
 * Migration 0995_a_user_counts fills the kept count of live users (decision 287) from the users a
 * store already holds: a store migrated up to the migration before it gets users (live ones, and
 * one whose deletion is under way) in two projects; after the migration each project's count is
 * its live users.
 */
async function fillsTheCount(db: Database): Promise<void> {
  const provider = { getMigrations: async () => migrations(db.dialect) };
  const before = await new Migrator({ db: db.kysely, provider }).migrateTo('0990_achievements');
  expect(before.error).toBeUndefined();
  const user = (project_id: string, user_id: string, deleted_at: number | null = null) => ({
    project_id,
    user_id,
    created_at: 1,
    points: 0,
    username: null,
    anonymous: 0,
    deleted_at,
  });
  await db.kysely
    .insertInto('users')
    .values([user('shop', 'a'), user('shop', 'b'), user('shop', 'c', 5), user('club', 'a')])
    .execute();
  await migrateToLatest(db);
  const counts = await sql<{ project_id: string; users: number | string }>`select project_id, sum(users) as users
    from user_counts group by project_id order by project_id`.execute(db.kysely);
  expect(counts.rows.map((r) => [r.project_id, Number(r.users)])).toEqual([
    ['club', 1],
    ['shop', 2],
  ]);
}

describe('migration 0995_a_user_counts', () => {
  it('counts the live users each project already has, on SQLite', async () => {
    const db = openDatabase('sqlite::memory:');
    try {
      await fillsTheCount(db);
    } finally {
      await db.close();
    }
  });

  it.skipIf(!POSTGRES_URL)('counts the live users each project already has, on PostgreSQL', async () => {
    await withEmptyPostgres(POSTGRES_URL!, fillsTheCount);
  });
});
