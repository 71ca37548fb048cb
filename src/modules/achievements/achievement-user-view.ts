import { AppError } from '../../http/errors.js';
import type { Queryable } from '../../platform/db/database.js';
import { publicView, type RarityReads } from './achievement-rarity.js';
import { progressIn } from './achievement-progress.js';
import { nextThreshold, type Achievement } from './achievement-rules.js';
import type { AchievementsRepository } from './achievements.repository.js';
import type { UserAchievement } from './achievements.schemas.js';
import type { AchievementUnlocksTable } from './achievements.tables.js';
import { progressNumber } from './progress-value.js';

/** What the user's view needs of other modules. */
export interface UserViewSources {
  userExists(projectId: string, userId: string): Promise<boolean>;
}

/**
 * The user's view of achievements (GET /user/{userId}/achievement and one of them): every active
 * achievement with what the user unlocked, its progress, next threshold and rarity.
 */
export class AchievementUserView {
  constructor(
    private readonly repo: AchievementsRepository,
    private readonly db: () => Queryable,
    private readonly sources: UserViewSources,
    /** The project's achievements (the service's cache). */
    private readonly definitions: (projectId: string) => Promise<Achievement[]>,
    private readonly rarity: RarityReads,
  ) {}

  /** GET /user/{userId}/achievement: every active achievement, a secret one only once the user unlocked it. */
  async listForUser(projectId: string, userId: string): Promise<{ achievements: UserAchievement[] }> {
    return { achievements: await this.forUser(projectId, userId) };
  }

  async getForUser(projectId: string, userId: string, achievementId: string): Promise<{ achievement: UserAchievement }> {
    const achievement = (await this.forUser(projectId, userId)).find((a) => a.achievementId === achievementId);
    if (!achievement) throw AppError.of('ACHIEVEMENT_NOT_FOUND', achievementId);
    return { achievement };
  }

  private async forUser(projectId: string, userId: string): Promise<UserAchievement[]> {
    // The user check goes out with the reads (one round trip); an unknown user's reads find nothing.
    const [exists, defs, progress, unlocks, rarity] = await Promise.all([
      this.sources.userExists(projectId, userId),
      this.definitions(projectId),
      this.repo.progressOf(this.db(), projectId, userId),
      this.repo.unlocksOf(this.db(), projectId, userId),
      this.rarity.read(projectId),
    ]);
    if (!exists) throw AppError.of('USER_NOT_FOUND', userId);
    const unlocksOf = new Map<string, AchievementUnlocksTable[]>();
    for (const u of unlocks) {
      const list = unlocksOf.get(u.achievement_id);
      if (list) list.push(u);
      else unlocksOf.set(u.achievement_id, [u]);
    }
    const out: UserAchievement[] = [];
    for (const a of defs) {
      if (a.status !== 'ACTIVE') continue;
      // Levels of the current definition only (a level removed by an update no longer shows).
      const mine = (unlocksOf.get(a.achievementId) ?? []).filter((u) => a.levels.some((l) => l.level === Number(u.level)));
      if (a.secret && mine.length === 0) continue;
      const unlockedSet = new Set(mine.map((u) => Number(u.level)));
      const highest = [...a.levels].reverse().find((l) => unlockedSet.has(l.level));
      const top = highest ? mine.find((u) => Number(u.level) === highest.level)! : null;
      out.push({
        ...publicView(a, rarity),
        unlocked: mine.length > 0,
        level: highest?.level ?? null,
        unlockedAt: top ? new Date(Number(top.unlocked_at)).toISOString() : null,
        backfilled: top ? Number(top.backfilled) === 1 : false,
        progress: progressNumber(progressIn(progress, a.achievementId, a.createdAt) ?? 0),
        nextThreshold: nextThreshold(a.levels, unlockedSet),
        unlockedLevels: mine.map((u) => ({
          level: Number(u.level),
          unlockedAt: new Date(Number(u.unlocked_at)).toISOString(),
          backfilled: Number(u.backfilled) === 1,
        })),
      });
    }
    return out;
  }
}
