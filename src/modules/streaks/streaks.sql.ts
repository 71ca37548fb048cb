/** The statements of the streaks participant (streaks-batch.ts), in one place for review (docs/sql.md). */
import { sql } from 'kysely';
import { KeyedSelect, RowsInsert, RowsUpsert } from '../../write-path/rows.js';

export const progressOfUsers = new KeyedSelect({
  description: 'streak states of users',
  table: 'streak_progress',
  keys: { project_id: 'text', user_id: 'text' },
});

export const writeProgress = new RowsUpsert({
  description: 'streak states',
  table: 'streak_progress',
  keys: { project_id: 'text', user_id: 'text', streak_id: 'text' },
  columns: {
    periods: 'text',
    current_count: 'int4',
    current_start: 'int4',
    last_period: 'int4',
    longest_streak: 'int4',
    missed_count: 'int4',
    milestones_claimed: 'text',
    last_completed_at: 'int8',
    updated_at: 'int8',
    freezes_available: 'int4',
    freezes_used: 'int4',
    frozen_periods: 'text',
  },
});

export const addStats = new RowsInsert({
  description: 'streak totals',
  table: 'streak_stats',
  columns: { project_id: 'text', streak_id: 'text', shard: 'int4', participants: 'int4', longest_streak: 'int4' },
  conflict: (oc) =>
    oc.columns(['project_id', 'streak_id', 'shard']).doUpdateSet({
      participants: sql<number>`streak_stats.participants + excluded.participants`,
      longest_streak: sql<number>`case when streak_stats.longest_streak > excluded.longest_streak
        then streak_stats.longest_streak else excluded.longest_streak end`,
    }),
});

export const addPeriodStats = new RowsInsert({
  description: 'streak period totals',
  table: 'streak_period_stats',
  columns: { project_id: 'text', streak_id: 'text', period: 'int4', shard: 'int4', users: 'int4', count_sum: 'int8' },
  conflict: (oc) =>
    oc.columns(['project_id', 'streak_id', 'period', 'shard']).doUpdateSet({
      users: sql<number>`streak_period_stats.users + excluded.users`,
      count_sum: sql<number>`streak_period_stats.count_sum + excluded.count_sum`,
    }),
});
