import { AppError } from '../../http/errors.js';
import type { Queryable } from '../../platform/db/database.js';
import type { Platform } from '../../platform/platform.js';
import type { UserDataOwner } from '../users/index.js';
import { isUnseen, latest, type Section } from './unseen-flags.js';
import { NotificationsRepository, type OverviewParts } from './notifications.repository.js';

export type { ActivityQuery, OverviewParts } from './notifications.repository.js';

/**
 * Notification flags (docs/api.md, Notifications): per user and section a last-viewed marker; a flag is
 * set when the section's newest activity is later than its marker. Activity comes from the
 * modules that own it: ledger entries and coupons (rewards), surveys that became available
 * (surveys), achievement unlocks (achievements) as queries they build, read with the markers in one
 * statement; challenges that opened or completed (challenges), worked out by the challenges module.
 */
/** What the challenges module exposes: when a challenge of the user last opened or completed. */
export interface ChallengeActivity {
  lastActivityAt(projectId: string, userId: string): Promise<number | null>;
}

export interface NotificationSources extends OverviewParts {
  userExists(projectId: string, userId: string): Promise<boolean>;
  /** 404 unless the user is live, inside the writer's transaction (UsersService.requireLive). */
  requireLive(trx: Queryable, projectId: string, userId: string): Promise<void>;
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
  private readonly repository: NotificationsRepository;

  constructor(
    private readonly platform: Platform,
    private readonly sources: NotificationSources,
    private readonly challenges: ChallengeActivity,
  ) {
    this.repository = new NotificationsRepository(sources);
  }

  private get db() {
    return this.platform.db.kysely;
  }

  /** GET /user/{userId}/notifications/overview: all false when the user does not exist. */
  async overview(projectId: string, userId: string): Promise<Overview> {
    // The user check goes out with the reads (one round trip); an unknown user's reads find nothing.
    const [exists, row, challenges] = await Promise.all([
      this.sources.userExists(projectId, userId),
      this.repository.overview(this.db, projectId, userId, this.platform.clock.now()),
      this.challenges.lastActivityAt(projectId, userId),
    ]);
    if (!exists) {
      return { userId, hasUnseenChallenges: false, hasUnseenRewards: false, hasUnseenSurveys: false, hasUnseenAchievements: false };
    }
    const time = (name: string) => (row?.[name] == null ? null : Number(row[name]));
    const marker = (section: Section) => time(`seen_${section}`) ?? undefined;
    const rewards = this.sources.rewards.map((_, i) => time(`rewards_${i}`));
    return {
      userId,
      hasUnseenChallenges: isUnseen(challenges, marker('challenges')),
      hasUnseenRewards: isUnseen(latest(...rewards), marker('rewards')),
      hasUnseenSurveys: isUnseen(time('surveys'), marker('surveys')),
      hasUnseenAchievements: isUnseen(time('achievements'), marker('achievements')),
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
