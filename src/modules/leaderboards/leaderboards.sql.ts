/** The statements of the leaderboards participant (leaderboards-batch.ts), in one place for review (docs/sql.md). */
import { KeyedSelect, RowsAdd, RowsInsert } from '../../write-path/rows.js';
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
