/** Tables of the streaks module (migration 0300_challenges_streaks). */
export interface StreaksTable {
  project_id: string;
  streak_id: string;
  /** JSON language map. */
  title: string;
  /** JSON language map. */
  description: string;
  /** daily | weekly | monthly */
  time_frame: string;
  /** JSON array of eventIds. */
  event_ids: string;
  /** JSON array of { count, points }. */
  milestones: string;
  status: string;
  /** JSON `{ max, earnEveryMilestone? }`, or null when the streak has no freezes (migration 0950_v2_streak_freezes). */
  freezes?: string | null;
  created_at: number;
  updated_at: number;
}

/** One user's streak state (streak-state.ts); periods are indexes of streak-periods.ts. */
export interface StreakProgressTable {
  project_id: string;
  user_id: string;
  streak_id: string;
  /** JSON array of completed period indexes, ascending. */
  periods: string;
  current_count: number;
  current_start: number;
  /** Latest completed period (the analytics bucket the user is counted in). */
  last_period: number;
  longest_streak: number;
  missed_count: number;
  /** JSON array of milestone counts claimed in the current run. */
  milestones_claimed: string;
  /** Time of the event that completed the latest period, ms. */
  last_completed_at: number;
  updated_at: number;
  /** Banked freezes (at most the streak's max). */
  freezes_available?: number;
  freezes_used?: number;
  /** JSON array of the periods covered by freezes, ascending. */
  frozen_periods?: string;
}

/** Totals per streak (GET /analytics/streak), moved by the write path once per batch. */
export interface StreakStatsTable {
  project_id: string;
  streak_id: string;
  /** Concurrent batches add to different shards; readers sum participants and take the max longest. */
  shard: number;
  participants: number;
  longest_streak: number;
}

/** Users per streak and latest completed period, with the sum of their current counts. */
export interface StreakPeriodStatsTable {
  project_id: string;
  streak_id: string;
  period: number;
  /** As in streak_stats: readers sum over the shards. */
  shard: number;
  users: number;
  count_sum: number;
}

declare module '../../platform/db/schema.js' {
  interface DB {
    streaks: StreaksTable;
    streak_progress: StreakProgressTable;
    streak_stats: StreakStatsTable;
    streak_period_stats: StreakPeriodStatsTable;
  }
}
