/** The statements of the achievements participant (achievements-batch.ts), in one place for review (docs/sql.md). */
import { sql } from 'kysely';
import { KeyedSelect, RowsInsert, RowsUpsert } from '../../write-path/rows.js';
import './achievements.tables.js';

/** The progress rows of the given users (one per user: every achievement's progress, decision 289). */
export const progressOfUsers = new KeyedSelect({
  description: 'achievement progress of users',
  table: 'achievement_user_progress',
  keys: { project_id: 'text', user_id: 'text' },
});

/** The levels the given users unlocked. */
export const unlocksOfUsers = new KeyedSelect({
  description: 'achievement levels unlocked by users',
  table: 'achievement_unlocks',
  keys: { project_id: 'text', user_id: 'text' },
  select: ['project_id', 'user_id', 'achievement_id', 'level'],
});

/** Writes the progress row of each user whose progress a batch moved (its whole JSON, as decided in the batch). */
export const writeProgress = new RowsUpsert({
  description: 'achievement progress',
  table: 'achievement_user_progress',
  keys: { project_id: 'text', user_id: 'text' },
  columns: { progress: 'text', updated_at: 'int8' },
});

/** The levels a batch unlocked; the key makes a second unlock of a level impossible. */
export const insertUnlocks = new RowsInsert({
  description: 'achievement unlocks',
  table: 'achievement_unlocks',
  columns: {
    project_id: 'text',
    user_id: 'text',
    achievement_id: 'text',
    level: 'int4',
    unlocked_at: 'int8',
    backfilled: 'int4',
    points: 'int8',
  },
  conflict: (oc) => oc.columns(['project_id', 'user_id', 'achievement_id', 'level']).doNothing(),
});

/** Adds the batch's unlocks to one shard of the counts per level (rarity). */
export const addLevelCounts = new RowsInsert({
  description: 'achievement level counts',
  table: 'achievement_level_counts',
  columns: { project_id: 'text', achievement_id: 'text', level: 'int4', shard: 'int4', users: 'int8' },
  conflict: (oc) =>
    oc.columns(['project_id', 'achievement_id', 'level', 'shard']).doUpdateSet({
      users: sql<number>`achievement_level_counts.users + excluded.users`,
    }),
});
