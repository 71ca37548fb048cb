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
}

/** Totals per streak, kept up to date in the event transaction (GET /analytics/streak). */
export interface StreakStatsTable {
  project_id: string;
  streak_id: string;
  participants: number;
  longest_streak: number;
}

/** Users per streak and latest completed period, with the sum of their current counts. */
export interface StreakPeriodStatsTable {
  project_id: string;
  streak_id: string;
  period: number;
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
