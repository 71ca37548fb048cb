/**
 * Leaderboard aggregates (docs/architecture.md, Leaderboards). Points per user and group in daily and monthly
 * buckets, plus the rolling-window totals, which move once per UTC day by subtracting the day that
 * left them (`leaderboard_rollover.day` says which day they are computed for).
 * `reached_at` is the latest occurredAt that added to the total (the tie-break: earlier first);
 * `version` grows with every change of a row, so the rank index applies only newer values.
 */
export interface LeaderboardDailyTable {
  project_id: string;
  group_id: string;
  /** UTC day number (days since the epoch). */
  day: number;
  user_id: string;
  points: number;
  reached_at: number;
}

export interface LeaderboardMonthlyTable {
  project_id: string;
  group_id: string;
  /** YYYY-MM */
  month: string;
  user_id: string;
  points: number;
  reached_at: number;
  version: number;
}

/** One row per (project, group, user) with points in any window; a window's 0 means "not ranked there". */
export interface LeaderboardWindowsTable {
  project_id: string;
  group_id: string;
  user_id: string;
  p7: number;
  r7: number;
  p30: number;
  r30: number;
  p365: number;
  r365: number;
  version: number;
}

/** The UTC day the window totals of a project are computed for. */
export interface LeaderboardRolloverTable {
  project_id: string;
  day: number;
}

/** A month closed for a project (`*`: the automatic close, for every project; decision 199). */
export interface LeaderboardMonthClosesTable {
  project_id: string;
  /** YYYY-MM */
  month: string;
  closed_at: number;
}

declare module '../../platform/db/schema.js' {
  interface DB {
    leaderboard_daily: LeaderboardDailyTable;
    leaderboard_monthly: LeaderboardMonthlyTable;
    leaderboard_windows: LeaderboardWindowsTable;
    leaderboard_rollover: LeaderboardRolloverTable;
    leaderboard_month_closes: LeaderboardMonthClosesTable;
  }
}
