import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withEmptyPostgres } from '../../../test/helpers/test-stores.js';
import { openDatabase, type Database } from '../../platform/db/database.js';
import { migrateToLatest } from '../../platform/db/migrate.js';
import { migrations } from '../../platform/db/migrations/index.js';

const POSTGRES_URL = process.env.LAUREL_TEST_POSTGRES_URL;

/**
 * Migration 0998_b_archive_totals keeps the size of the boards a store had archived before it
 * (decision 332): two boards of one project and one of another, one of them with a rank missing (a
 * user deleted since), are each given their number of rows and their archive time.
 */
async function fillsTheTotals(db: Database): Promise<void> {
  const provider = { getMigrations: async () => migrations(db.dialect) };
  const before = await new Migrator({ db: db.kysely, provider }).migrateTo('0998_a_monthly_board_by_user');
  expect(before.error).toBeUndefined();
  const row = (project_id: string, group_id: string, month: string, rank: number, archived_at: number) => ({
    project_id,
    group_id,
    month,
    rank,
    user_id: `u${rank}`,
    username: `u${rank}`,
    points: 100 - rank,
    archived_at,
  });
  await db.kysely
    .insertInto('leaderboard_archive')
    .values([
      row('shop', 'default', '2026-01', 1, 50),
      row('shop', 'default', '2026-01', 3, 50),
      row('shop', 'default', '2026-02', 1, 70),
      row('club', 'vip', '2026-01', 1, 60),
      row('club', 'vip', '2026-01', 2, 60),
    ])
    .execute();
  await migrateToLatest(db);
  const totals = await db.kysely
    .selectFrom('leaderboard_archive_totals')
    .selectAll()
    .orderBy('project_id')
    .orderBy('group_id')
    .orderBy('month')
    .execute();
  expect(totals.map((t) => [t.project_id, t.group_id, t.month, Number(t.total), Number(t.archived_at)])).toEqual([
    ['club', 'vip', '2026-01', 2, 60],
    ['shop', 'default', '2026-01', 2, 50],
    ['shop', 'default', '2026-02', 1, 70],
  ]);
}

describe('migration 0998_b_archive_totals', () => {
  it('keeps the size of every board already archived, on SQLite', async () => {
    const db = openDatabase('sqlite::memory:');
    try {
      await fillsTheTotals(db);
    } finally {
      await db.close();
    }
  });

  it.skipIf(!POSTGRES_URL)('keeps the size of every board already archived, on PostgreSQL', async () => {
    await withEmptyPostgres(POSTGRES_URL!, fillsTheTotals);
  });
});
