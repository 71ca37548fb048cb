/** Tables of the seasons module (migration 0950_w_seasons). */
export interface SeasonRewardsTable {
  project_id: string;
  season_reward_id: string;
  /** The user group whose monthly board pays (`default`: every user). */
  group_id: string;
  /** JSON array of { fromRank, toRank, points }, sorted by fromRank. */
  bands: string;
  created_at: number;
  updated_at: number;
}

/** The immutable snapshot of a monthly board, written once when its month closes. */
export interface LeaderboardArchiveTable {
  project_id: string;
  group_id: string;
  /** YYYY-MM */
  month: string;
  rank: number;
  user_id: string;
  username: string;
  points: number;
  archived_at: number;
}

/** The size of an archived board, written with it and lowered as user deletions remove its entries (decision 332). */
export interface LeaderboardArchiveTotalsTable {
  project_id: string;
  group_id: string;
  month: string;
  total: number;
  archived_at: number;
}

/** One paid band prize: the key makes a payout happen at most once. */
export interface SeasonPayoutsTable {
  project_id: string;
  month: string;
  group_id: string;
  season_reward_id: string;
  user_id: string;
  rank: number;
  points: number;
  paid_at: number;
}

declare module '../../platform/db/schema.js' {
  interface DB {
    season_rewards: SeasonRewardsTable;
    leaderboard_archive: LeaderboardArchiveTable;
    leaderboard_archive_totals: LeaderboardArchiveTotalsTable;
    season_payouts: SeasonPayoutsTable;
  }
}
