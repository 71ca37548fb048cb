import type { PipelineOutcome } from '../events/index.js';
import { historyText, ledgerIn } from '../points/index.js';
import type { WriteBatch } from '../../write-path/write-batch.js';
import type { UserProgress } from './achievement-progress.js';
import type { Achievement, Level } from './achievement-rules.js';
import { addLevelCounts, insertUnlocks } from './achievements.sql.js';

/** Rows of achievement_level_counts a batch adds to: one of this many, chosen per batch. */
export const COUNT_SHARDS = 8;

/** What a batch holds of one user's achievements (achievements-batch.ts). */
export interface Held {
  projectId: string;
  userId: string;
  /**
   * The user's progress entries (decision 289), changed in place as the batch moves them (decision 329):
   * the kept ones of `ParsedProgressRows`, or a new Map for a user without a row.
   */
  entries: UserProgress;
  /** Whether the user has a stored progress row. */
  stored: boolean;
  /** Whether the batch moved a progress (the row is written). */
  changed: boolean;
  /** The row's text as read, when the entries were taken by it (`ParsedProgressRows.entries`), else null. */
  read: string | null;
  updatedAt: number;
  /** achievementId → levels unlocked. */
  unlocked: Map<string, Set<number>>;
  /** Points earned in all, as decided so far (null: no lifetimeEarned achievement in the project). */
  earned: number | null;
}

export interface Unlock {
  held: Held;
  achievement: Achievement;
  level: Level;
  at: number;
  backfilled: boolean;
  occurredAt: number;
  boardGroups: readonly string[];
}

/**
 * The levels a batch unlocks (decision 276): each one's points through the ledger as an ACHIEVEMENT
 * entry, its unlock row, the count of users per level (rarity, in shards) and the notice; the rows
 * and counts are written once per batch.
 */
export class BatchUnlocks {
  private readonly rows: Array<Parameters<typeof insertUnlocks.run>[1][number]> = [];
  private readonly counts = new Map<string, { project_id: string; achievement_id: string; level: number; users: number }>();

  constructor(private readonly batch: WriteBatch) {}

  /** Unlocks one level: its points through the ledger, its row, the count of its level and the notice. */
  unlock(u: Unlock, outcome: PipelineOutcome | null): void {
    const { held: h, achievement: a, level } = u;
    const points = u.backfilled && !a.backfillPoints ? 0 : level.points;
    let paid = 0;
    if (points > 0) {
      paid = ledgerIn(this.batch).record({
        projectId: h.projectId,
        userId: h.userId,
        type: 'ACHIEVEMENT',
        sourceId: a.achievementId,
        ...(a.currency === undefined ? {} : { currency: a.currency }),
        points,
        occurredAt: u.occurredAt,
        title: historyText(level.title ?? a.title),
        description: historyText(a.description),
        image: level.image ?? a.image,
        metadata: { achievementId: a.achievementId, level: level.level, ...(u.backfilled ? { backfilled: true } : {}) },
        boardGroups: u.boardGroups,
      }).points;
      if (outcome && a.currency === undefined) outcome.pointsEarned += paid;
    }
    levelSet(h, a.achievementId).add(level.level);
    this.rows.push({
      project_id: h.projectId,
      user_id: h.userId,
      achievement_id: a.achievementId,
      level: level.level,
      unlocked_at: u.at,
      backfilled: u.backfilled ? 1 : 0,
      points: paid,
    });
    const countKey = `${h.projectId}\u0000${a.achievementId}\u0000${level.level}`;
    const count = this.counts.get(countKey);
    if (count) count.users++;
    else this.counts.set(countKey, { project_id: h.projectId, achievement_id: a.achievementId, level: level.level, users: 1 });
    this.batch.notify({
      type: 'achievement.unlocked',
      projectId: h.projectId,
      userId: h.userId,
      occurredAt: u.occurredAt,
      data: {
        userId: h.userId,
        achievementId: a.achievementId,
        level: level.level,
        pointsAwarded: paid,
        unlockedAt: u.at,
        backfilled: u.backfilled,
      },
    });
    outcome?.achievements.push({ achievementId: a.achievementId, level: level.level });
  }

  write(): Promise<unknown> {
    const shard = Math.floor(Math.random() * COUNT_SHARDS);
    return Promise.all([
      insertUnlocks.later(this.batch.session, this.rows),
      addLevelCounts.later(
        this.batch.session,
        [...this.counts.values()].map((c) => ({ ...c, shard })),
      ),
    ]);
  }
}

export function levelSet(h: Held, achievementId: string): Set<number> {
  let set = h.unlocked.get(achievementId);
  if (!set) h.unlocked.set(achievementId, (set = new Set()));
  return set;
}
