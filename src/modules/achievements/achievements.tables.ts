/** Tables of the achievements module (migration 0990_achievements, decision 275). */
export interface AchievementsTable {
  project_id: string;
  achievement_id: string;
  /** JSON language map. */
  title: string;
  /** JSON language map. */
  description: string;
  image: string | null;
  /** ACTIVE | INACTIVE */
  status: string;
  /** 1: shown to a user only once unlocked. */
  secret: number;
  /** Points of a level that names none (0: none). */
  points: number;
  /** The currency its points are paid in (null: points; migration 0995_d). */
  currency?: string | null;
  /** JSON criteria `{ kind, … }` (achievement-rules.ts). */
  criteria: string;
  /** JSON array of `{ level, threshold, title?, image?, points? }`, or null: one level 1 at `criteria.threshold`. */
  levels: string | null;
  /** 1: unlocks made by a backfill pay their points too. */
  backfill_points: number;
  created_at: number;
  updated_at: number;
}

/**
 * One user's progress towards every achievement, in one row (decision 289): an event that moves 20
 * achievements writes one row, not 20. No row = no progress.
 */
export interface AchievementUserProgressTable {
  project_id: string;
  user_id: string;
  /** JSON `{ [achievementId]: UserProgressEntry }` (achievement-progress.ts). */
  progress: string;
  updated_at: number;
}

/** One level a user unlocked: the unique key makes an unlock happen once per user and level. */
export interface AchievementUnlocksTable {
  project_id: string;
  user_id: string;
  achievement_id: string;
  level: number;
  /** When the user met the level (a backfill: when the data says it was met), ms. */
  unlocked_at: number;
  /** 1: made by a backfill job. */
  backfilled: number;
  /** Points paid for the unlock. */
  points: number;
}

/** Users who unlocked each level, in shards a batch adds to (rarity is read from these, never by counting unlocks). */
export interface AchievementLevelCountsTable {
  project_id: string;
  achievement_id: string;
  level: number;
  shard: number;
  users: number;
}

declare module '../../platform/db/schema.js' {
  interface DB {
    achievements: AchievementsTable;
    achievement_user_progress: AchievementUserProgressTable;
    achievement_unlocks: AchievementUnlocksTable;
    achievement_level_counts: AchievementLevelCountsTable;
  }
}
