import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withEmptyPostgres } from '../../../test/helpers/test-stores.js';
import { openDatabase, type Database } from '../../platform/db/database.js';
import { migrateToLatest } from '../../platform/db/migrate.js';
import { migrations } from '../../platform/db/migrations/index.js';

const POSTGRES_URL = process.env.LAUREL_TEST_POSTGRES_URL;

/**
 * Migration 0998_c_users_rewards_at fills the time each user last got points from the ledger a store
 * already holds (decision 347), as the notifications overview worked it out before: the latest entry
 * that moved a balance (any currency, debits too), a released pending credit at the time it became
 * available; 0-point entries (pending or over a limit) do not count, and a user without any keeps null.
 */
async function fillsRewardsAt(db: Database): Promise<void> {
  const provider = { getMigrations: async () => migrations(db.dialect) };
  const before = await new Migrator({ db: db.kysely, provider }).migrateTo('0998_b_archive_totals');
  expect(before.error).toBeUndefined();
  const user = (user_id: string) => ({ project_id: 'shop', user_id, created_at: 1, points: 0, username: null, anonymous: 0 });
  await db.kysely.insertInto('users').values(['ann', 'bob', 'cat', 'dan'].map(user)).execute();
  const entry = (user_id: string, points: number, created_at: number, extra: { available_at?: number; currency?: string } = {}) => ({
    project_id: 'shop',
    user_id,
    type: 'EVENT',
    source_id: 'buy',
    points,
    occurred_at: created_at,
    date_key: '2026-03-01',
    title: '{}',
    description: '{}',
    image: null,
    metadata: null,
    created_at,
    available_at: extra.available_at ?? null,
    currency: extra.currency ?? 'points',
  });
  await db.kysely
    .insertInto('ledger')
    .values([
      entry('ann', 10, 100),
      entry('ann', -5, 300),
      entry('ann', 0, 900), // over a limit: no reward
      entry('bob', 40, 200, { available_at: 5_000 }), // a pending credit released at 5,000
      entry('bob', 7, 400),
      entry('cat', 3, 600, { currency: 'xp' }),
      entry('dan', 0, 700, { available_at: 9_000 }), // still pending
    ])
    .execute();
  await migrateToLatest(db);
  const rows = await db.kysely.selectFrom('users').select(['user_id', 'rewards_at']).orderBy('user_id').execute();
  expect(rows.map((r) => [r.user_id, r.rewards_at == null ? null : Number(r.rewards_at)])).toEqual([
    ['ann', 300],
    ['bob', 5_000],
    ['cat', 600],
    ['dan', null],
  ]);
}

describe('migration 0998_c_users_rewards_at', () => {
  it('fills the time each user last got points from the ledger, on SQLite', async () => {
    const db = openDatabase('sqlite::memory:');
    try {
      await fillsRewardsAt(db);
    } finally {
      await db.close();
    }
  });

  it.skipIf(!POSTGRES_URL)('fills the time each user last got points from the ledger, on PostgreSQL', async () => {
    await withEmptyPostgres(POSTGRES_URL!, fillsRewardsAt);
  });
});
