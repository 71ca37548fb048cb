/**
 * The statements of the leaderboards participant (leaderboards-batch.ts) and the repository's compiled reads
 * (leaderboards.repository.ts), in one place for review (docs/sql.md).
 */
import { sql } from 'kysely';
import { KeyedSelect, RowsAdd, RowsInsert } from '../../write-path/rows.js';
import { Statement } from '../../write-path/statement.js';
import './leaderboards.tables.js';

export const createRollover = new RowsInsert({
  description: 'leaderboard roll-over day',
  table: 'leaderboard_rollover',
  columns: { project_id: 'text', day: 'int4' },
  conflict: (oc) => oc.column('project_id').doNothing(),
});

/** The day the project's windows are computed for, share-locked on PostgreSQL so a roll-over waits for the batch. */
export const rolloverDay = new KeyedSelect({
  description: 'leaderboard roll-over day',
  table: 'leaderboard_rollover',
  keys: { project_id: 'text' },
  lock: 'share',
});

export const addDaily = new RowsAdd({
  description: 'leaderboard daily buckets',
  table: 'leaderboard_daily',
  keys: { project_id: 'text', group_id: 'text', day: 'int4', user_id: 'text' },
  sums: { points: 'int8' },
  latest: { reached_at: 'int8' },
});

export const addMonthly = new RowsAdd({
  description: 'leaderboard monthly buckets',
  table: 'leaderboard_monthly',
  keys: { project_id: 'text', group_id: 'text', month: 'text', user_id: 'text' },
  sums: { points: 'int8' },
  latest: { reached_at: 'int8' },
  version: 'version',
});

export const addWindows = new RowsAdd({
  description: 'leaderboard windows',
  table: 'leaderboard_windows',
  keys: { project_id: 'text', group_id: 'text', user_id: 'text' },
  sums: { p7: 'int8', p30: 'int8', p365: 'int8' },
  latest: { r7: 'int8', r30: 'int8', r365: 'int8' },
  version: 'version',
});

/** Column names of a window in `leaderboard_windows`. */
export const COLUMNS = { '7d': ['p7', 'r7'], '30d': ['p30', 'r30'], '365d': ['p365', 'r365'] } as const;

export const later = (table: string, column: string) =>
  sql.raw<number>(`CASE WHEN excluded.${column} > ${table}.${column} THEN excluded.${column} ELSE ${table}.${column} END`);

export const monthPage = new Statement<{ projectId: string; groupId: string; month: string; after: string; limit: number }>(
  'month board page',
  (db, a) =>
    db
      .selectFrom('leaderboard_monthly')
      .select(['user_id', 'points', 'reached_at', 'version'])
      .where('project_id', '=', a.projectId)
      .where('group_id', '=', a.groupId)
      .where('month', '=', a.month)
      .where('user_id', '>', a.after)
      // Only positive totals are ranked (decision 191): a board loaded into Redis holds nothing else.
      .where('points', '>', 0)
      .orderBy('user_id')
      .limit(a.limit),
);

export const windowPage = new Statement<{ projectId: string; groupId: string; after: string; limit: number }>(
  'window boards page',
  (db, a) =>
    db
      .selectFrom('leaderboard_windows')
      .select(['user_id', 'p7', 'r7', 'p30', 'r30', 'p365', 'r365', 'version'])
      .where('project_id', '=', a.projectId)
      .where('group_id', '=', a.groupId)
      .where('user_id', '>', a.after)
      .orderBy('user_id')
      .limit(a.limit),
);

/** One user's monthly earnings on a board group since a month (GET /user/{userId}/tier): compiled once (decision 269). */
export const monthlyEarningsOfUser = new Statement<
  { projectId: string; group: string; userId: string; fromMonth: string },
  { user_id: string; month: string; points: number }
>('a user monthly earnings', (db, a) =>
  db
    .selectFrom('leaderboard_monthly')
    .select(['user_id', 'month', 'points'])
    .where('project_id', '=', a.projectId)
    .where('group_id', '=', a.group)
    .where('user_id', '=', a.userId)
    .where('month', '>=', a.fromMonth),
);
