import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withEmptyPostgres } from '../../../test/helpers/test-stores.js';
import { openDatabase, type Database } from '../../platform/db/database.js';
import { claimWriteLane } from '../../platform/db/dialect-sql.js';
import { migrateToLatest } from '../../platform/db/migrate.js';
import { migrations } from '../../platform/db/migrations/index.js';
import { WRITE_LANES } from '../../platform/db/migrations/0998_d_write_lanes.js';
import { HOUR_COLUMNS, type HourColumn } from './analytics.tables.js';

const POSTGRES_URL = process.env.LAUREL_TEST_POSTGRES_URL;

/**
 * Migration 0998_d_write_lanes (decision 357) keeps the rollups and metadata a store already holds, as lane 0,
 * with their sketches and the index the global view reads; a second row of a key is then allowed in another
 * lane only. PostgreSQL hands out lanes 1…WRITE_LANES in turn; SQLite has none to hand out.
 */
async function keepsRowsInLaneZero(db: Database): Promise<void> {
  const provider = { getMigrations: async () => migrations(db.dialect) };
  const before = await new Migrator({ db: db.kysely, provider }).migrateTo('0998_c_users_rewards_at');
  expect(before.error).toBeUndefined();
  const hours = Object.fromEntries(HOUR_COLUMNS.map((h, i) => [h, i === 9 ? 4 : 0])) as Record<HourColumn, number>;
  const key = { project_id: 'shop', event_id: '*', grain: 'day', bucket: 20_000, shard: 1 };
  const counters = { count: 4, points: 40, condition_met: 4, condition_failed: 0, limit_reached: 0, ...hours };
  const sketch = Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  await sql`insert into analytics_rollups
    (project_id, event_id, grain, bucket, shard, count, points, condition_met, condition_failed, limit_reached, h9, sketch, sketch_exact)
    values ('shop', '*', 'day', 20000, 1, 4, 40, 4, 0, 0, 4, ${sketch}, 1)`.execute(db.kysely);
  await sql`insert into analytics_metadata (project_id, event_id, grain, bucket, field, value_key, count, sum, min, max)
    values ('shop', 'buy', 'day', 20000, 'amount', '#', 4, 10, 1, 4)`.execute(db.kysely);
  await migrateToLatest(db);

  const rollups = await db.kysely.selectFrom('analytics_rollups').selectAll().execute();
  expect(rollups).toHaveLength(1);
  expect({ ...rollups[0], sketch: Buffer.from(rollups[0]!.sketch!) }).toMatchObject({
    ...key,
    ...counters,
    lane: 0,
    sketch,
    sketch_exact: 1,
  });
  const metadata = await db.kysely.selectFrom('analytics_metadata').selectAll().execute();
  expect(metadata).toEqual([
    {
      project_id: 'shop',
      event_id: 'buy',
      grain: 'day',
      bucket: 20_000,
      field: 'amount',
      value_key: '#',
      lane: 0,
      count: 4,
      sum: 10,
      min: 1,
      max: 4,
    },
  ]);
  // The same key in another lane is a row of its own; twice in one lane is refused.
  await db.kysely
    .insertInto('analytics_rollups')
    .values({ ...key, ...counters, lane: 3, sketch: null, sketch_exact: null, sketch_sum: null, sketch_zeros: null })
    .execute();
  await expect(
    db.kysely
      .insertInto('analytics_rollups')
      .values({ ...key, ...counters, lane: 3, sketch: null, sketch_exact: null, sketch_sum: null, sketch_zeros: null })
      .execute(),
  ).rejects.toThrow();
  const indexes =
    db.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'analytics_rollups'`.execute(
          db.kysely,
        )
      : await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'analytics_rollups'`.execute(db.kysely);
  expect(indexes.rows.map((r) => r.name)).toContain('analytics_rollups_bucket');

  const lanes = [];
  for (let i = 0; i <= WRITE_LANES; i++) lanes.push(await claimWriteLane(db.kysely, db.dialect));
  if (db.dialect === 'sqlite') expect(new Set(lanes)).toEqual(new Set([0]));
  else expect(lanes).toEqual([...Array.from({ length: WRITE_LANES }, (_, i) => i + 1), 1]);
}

describe('migration 0998_d_write_lanes', () => {
  it('keeps the analytics rows as lane 0, on SQLite', async () => {
    const db = openDatabase('sqlite::memory:');
    try {
      await keepsRowsInLaneZero(db);
    } finally {
      await db.close();
    }
  });

  it.skipIf(!POSTGRES_URL)('keeps the analytics rows as lane 0 and hands out the lanes in turn, on PostgreSQL', async () => {
    await withEmptyPostgres(POSTGRES_URL!, keepsRowsInLaneZero);
  });
});
