import type { BatchSession } from '../../write-path/session.js';
import type { StreakState } from './streak-state.js';
import { addPeriodStats, addStats } from './streaks.sql.js';

/** Rows of streak_stats / streak_period_stats a batch adds to: one of this many, chosen per batch. */
export const STAT_SHARDS = 8;

/**
 * A batch's moves of the streaks' analytics totals (decision 031): participants and the longest run
 * per streak, and users and their counts per latest period. The batch sums them, and adds the sums to
 * one shard of the totals it picks at random (reads sum and max over the shards).
 */
export class StreakTotals {
  private readonly stats = new Map<string, { projectId: string; streakId: string; participants: number; longest: number }>();
  private readonly periods = new Map<string, { projectId: string; streakId: string; period: number; users: number; countSum: number }>();

  /** A user's state of a streak moved from `before` (null: the user's first) to `after`. */
  move(projectId: string, streakId: string, before: StreakState | null, after: StreakState): void {
    const total = this.statsOf(projectId, streakId);
    if (!before) total.participants += 1;
    total.longest = Math.max(total.longest, after.longestStreak);
    const lastAfter = after.periods[after.periods.length - 1]!;
    if (before) {
      const lastBefore = before.periods[before.periods.length - 1]!;
      const p = this.periodOf(projectId, streakId, lastBefore);
      p.users -= 1;
      p.countSum -= before.currentCount;
    }
    const p = this.periodOf(projectId, streakId, lastAfter);
    p.users += 1;
    p.countSum += after.currentCount;
  }

  /** Adds the sums to one shard of the totals, rows in key order (both statements go out at once, unanswered). */
  async write(session: BatchSession): Promise<void> {
    const shard = Math.floor(Math.random() * STAT_SHARDS);
    const stats = [...this.stats.values()].sort((a, b) => cmp(a.projectId, b.projectId) || cmp(a.streakId, b.streakId));
    const totals = addStats.later(
      session,
      stats.map((s) => ({
        project_id: s.projectId,
        streak_id: s.streakId,
        shard,
        participants: s.participants,
        longest_streak: s.longest,
      })),
    );
    const periods = [...this.periods.values()]
      .filter((p) => p.users !== 0 || p.countSum !== 0)
      .sort((a, b) => cmp(a.projectId, b.projectId) || cmp(a.streakId, b.streakId) || a.period - b.period);
    const periodTotals = addPeriodStats.later(
      session,
      periods.map((p) => ({
        project_id: p.projectId,
        streak_id: p.streakId,
        period: p.period,
        shard,
        users: p.users,
        count_sum: p.countSum,
      })),
    );
    await Promise.all([totals, periodTotals]);
  }

  private statsOf(projectId: string, streakId: string) {
    const key = `${projectId}\u0000${streakId}`;
    let s = this.stats.get(key);
    if (!s) this.stats.set(key, (s = { projectId, streakId, participants: 0, longest: 0 }));
    return s;
  }

  private periodOf(projectId: string, streakId: string, period: number) {
    const key = `${projectId}\u0000${streakId}\u0000${period}`;
    let p = this.periods.get(key);
    if (!p) this.periods.set(key, (p = { projectId, streakId, period, users: 0, countSum: 0 }));
    return p;
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
