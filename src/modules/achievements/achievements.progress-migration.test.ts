import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withEmptyPostgres } from '../../../test/helpers/test-stores.js';
import { openDatabase, type Database } from '../../platform/db/database.js';
import { migrateToLatest } from '../../platform/db/migrate.js';
import { migrations } from '../../platform/db/migrations/index.js';

const POSTGRES_URL = process.env.LAUREL_TEST_POSTGRES_URL;

/**
 * Migration 0995_a_z_achievement_user_progress (decision 289) carries the rows of
 * `achievement_progress` into one row per user, each entry naming its achievement's createdAt.
 */
async function carriesProgressOver(db: Database): Promise<void> {
  const provider = { getMigrations: async () => migrations(db.dialect) };
  const before = await new Migrator({ db: db.kysely, provider }).migrateTo('0995_a_user_counts');
  expect(before.error).toBeUndefined();
  const achievement = (achievement_id: string, created_at: number) =>
    sql`insert into achievements (project_id, achievement_id, title, description, image, status, secret, points, criteria,
      levels, backfill_points, created_at, updated_at) values ('shop', ${achievement_id}, '{}', '{}', null, 'ACTIVE', 0, 0,
      '{"kind":"eventCount","eventId":"buy","threshold":1}', null, 0, ${created_at}, ${created_at})`.execute(db.kysely);
  await achievement('first', 100);
  await achievement('spend', 200);
  const progress = (user_id: string, achievement_id: string, value: string, at: number) =>
    sql`insert into achievement_progress (project_id, user_id, achievement_id, progress, updated_at)
      values ('shop', ${user_id}, ${achievement_id}, ${value}, ${at})`.execute(db.kysely);
  await progress('alice', 'first', '3', 1000);
  await progress('alice', 'spend', '12.5', 2000);
  await progress('bob', 'first', '1', 1500);
  await migrateToLatest(db);
  const rows = await sql<{ user_id: string; progress: string; updated_at: number | string }>`select user_id, progress, updated_at
    from achievement_user_progress where project_id = 'shop' order by user_id`.execute(db.kysely);
  expect(rows.rows.map((r) => [r.user_id, JSON.parse(r.progress), Number(r.updated_at)])).toEqual([
    [
      'alice',
      {
        first: { p: '3', c: 100, at: 1000 },
        spend: { p: '12.5', c: 200, at: 2000 },
      },
      2000,
    ],
    ['bob', { first: { p: '1', c: 100, at: 1500 } }, 1500],
  ]);
}

describe('migration 0995_a_z_achievement_user_progress', () => {
  it('carries every user’s progress into one row, on SQLite', async () => {
    const db = openDatabase('sqlite::memory:');
    try {
      await carriesProgressOver(db);
    } finally {
      await db.close();
    }
  });

  it.skipIf(!POSTGRES_URL)('carries every user’s progress into one row, on PostgreSQL', async () => {
    await withEmptyPostgres(POSTGRES_URL!, carriesProgressOver);
  });
});
