import '../../src/modules/leaderboards/leaderboards.tables.js';
import { sql } from 'kysely';
import type { Database } from '../../src/platform/db/database.js';
import { dayNumber, monthKey } from '../../src/platform/time.js';

/**
 * Writes `users` users straight into the aggregates (no events): every user has points in the
 * current month and in the three windows of the default group, with many ties on points.
 * Daily buckets are not seeded (only the roll-over reads them).
 */
export async function seed(db: Database, users: number, now: number): Promise<void> {
  const month = monthKey(now);
  const today = dayNumber(now);
  const series =
    db.dialect === 'postgres'
      ? sql`SELECT i::bigint AS i FROM generate_series(1, ${users}::int) AS s(i)`
      : sql`WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${users}) SELECT i FROM s`;
  const k = db.kysely;
  const points = sql.raw('((i * 7919) % 50000 + 1)');
  const reached = db.dialect === 'postgres' ? sql`(${now}::bigint - (i * 131) % 86400000)` : sql`(${now} - (i * 131) % 86400000)`;
  await sql`INSERT INTO users (project_id, user_id, created_at, points, username, anonymous)
    SELECT 'default', 'u' || i, ${db.dialect === 'postgres' ? sql`${now}::bigint` : sql`${now}`}, 0, NULL,
      CASE WHEN i % 10 = 0 THEN 1 ELSE 0 END FROM (${series}) AS g`.execute(k);
  await sql`INSERT INTO leaderboard_monthly (project_id, group_id, month, user_id, points, reached_at, version)
    SELECT 'default', 'default', ${month}, 'u' || i, ${points}, ${reached}, 1 FROM (${series}) AS g`.execute(k);
  await sql`INSERT INTO leaderboard_windows (project_id, group_id, user_id, p7, r7, p30, r30, p365, r365, version)
    SELECT 'default', 'default', 'u' || i, ${points}, ${reached}, ${points} * 2, ${reached}, ${points} * 5, ${reached}, 1
    FROM (${series}) AS g`.execute(k);
  await k.insertInto('leaderboard_rollover').values({ project_id: 'default', day: today }).execute();
}
