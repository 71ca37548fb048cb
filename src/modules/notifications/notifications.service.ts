import { AppError } from '../../http/errors.js';
import type { Queryable } from '../../platform/db/database.js';
import type { Platform } from '../../platform/platform.js';
import type { UserDataOwner } from '../users/index.js';
import { isUnseen, latest, type Section } from './unseen-flags.js';
import { NotificationsRepository } from './notifications.repository.js';

/**
 * Notification flags (docs/api.md, Notifications): per user and section a last-viewed marker; a flag is
 * set when the section's newest activity is later than its marker. Activity comes from the
 * modules that own it: ledger entries and coupons (rewards), surveys that became available
 * (surveys), challenges that opened or completed (challenges).
 */
export type ActivityTime = (projectId: string, userId: string) => Promise<number | null>;

/** What the challenges module exposes: when a challenge of the user last opened or completed. */
export interface ChallengeActivity {
  lastActivityAt(projectId: string, userId: string): Promise<number | null>;
}

export interface NotificationSources {
  userExists(projectId: string, userId: string): Promise<boolean>;
  /** 404 unless the user is live, inside the writer's transaction (UsersService.requireLive). */
  requireLive(trx: Queryable, projectId: string, userId: string): Promise<void>;
  /** Newest reward activity times (ledger entry, coupon). */
  rewards: ActivityTime[];
  surveys: ActivityTime;
  /** When the user last unlocked an achievement level. */
  achievements: ActivityTime;
}

export interface Overview {
  userId: string;
  hasUnseenChallenges: boolean;
  hasUnseenRewards: boolean;
  hasUnseenSurveys: boolean;
  hasUnseenAchievements: boolean;
}

export class NotificationsService implements UserDataOwner {
  readonly userDataName = 'notification markers';
  private readonly repository = new NotificationsRepository();

  constructor(
    private readonly platform: Platform,
    private readonly sources: NotificationSources,
    private readonly challenges: ChallengeActivity,
  ) {}

  private get db() {
    return this.platform.db.kysely;
  }

  private async markers(projectId: string, userId: string): Promise<Partial<Record<Section, number>>> {
    const rows = await this.repository.markers(this.db, projectId, userId);
    return Object.fromEntries(rows.map((r) => [r.section, Number(r.seen_at)]));
  }

  /** GET /user/{userId}/notifications/overview: all false when the user does not exist. */
  async overview(projectId: string, userId: string): Promise<Overview> {
    if (!(await this.sources.userExists(projectId, userId))) {
      return { userId, hasUnseenChallenges: false, hasUnseenRewards: false, hasUnseenSurveys: false, hasUnseenAchievements: false };
    }
    const [markers, rewards, surveys, challenges, achievements] = await Promise.all([
      this.markers(projectId, userId),
      Promise.all(this.sources.rewards.map((source) => source(projectId, userId))),
      this.sources.surveys(projectId, userId),
      this.challenges.lastActivityAt(projectId, userId),
      this.sources.achievements(projectId, userId),
    ]);
    return {
      userId,
      hasUnseenChallenges: isUnseen(challenges, markers.challenges),
      hasUnseenRewards: isUnseen(latest(...rewards), markers.rewards),
      hasUnseenSurveys: isUnseen(surveys, markers.surveys),
      hasUnseenAchievements: isUnseen(achievements, markers.achievements),
    };
  }

  private async requireUser(projectId: string, userId: string): Promise<void> {
    if (!(await this.sources.userExists(projectId, userId))) throw AppError.of('USER_NOT_FOUND', userId);
  }

  /** PUT /user/{userId}/notifications/overview: the section counts as seen now (a marker only for a live user). */
  async markSeen(projectId: string, userId: string, section: Section): Promise<void> {
    const seenAt = this.platform.clock.now();
    await this.db.transaction().execute(async (trx) => {
      await this.sources.requireLive(trx, projectId, userId);
      await this.repository.markSeen(trx, projectId, userId, section, seenAt);
    });
  }

  /** PUT /user/{userId}/notifications/change: clears the markers of the given sections. */
  async clearMarkers(projectId: string, userId: string, sections: Section[]): Promise<void> {
    await this.requireUser(projectId, userId);
    if (sections.length === 0) return;
    await this.repository.deleteSections(this.db, projectId, userId, sections);
  }

  async deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    const rows = await this.repository.userSections(this.db, projectId, userId, limit);
    if (rows.length === 0) return 0;
    const r = await this.repository.deleteSections(
      this.db,
      projectId,
      userId,
      rows.map((row) => row.section),
    );
    return Number(r.numDeletedRows);
  }
}
