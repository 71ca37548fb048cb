import { deleteExpiredIdempotencyKeys } from './http/idempotency-cleanup.js';
import { AnalyticsService } from './modules/analytics/analytics.service.js';
import { EventsService } from './modules/events/events.service.js';
import type { EventStage } from './modules/events/pipeline.js';
import { ApiKeysService } from './modules/apikeys/apikeys.service.js';
import { CouponsService } from './modules/coupons/coupons.service.js';
import { NotificationsService } from './modules/notifications/notifications.service.js';
import { offerUsageCounter } from './modules/offers/offers.repository.js';
import { OffersService } from './modules/offers/offers.service.js';
import { RedemptionService } from './modules/offers/redemption.service.js';
import { SurveysService } from './modules/surveys/surveys.service.js';
import { LeaderboardsService } from './modules/leaderboards/leaderboards.service.js';
import { ChallengesService } from './modules/challenges/challenges.service.js';
import { PointsService } from './modules/points/points.service.js';
import { ProjectsService } from './modules/projects/projects.service.js';
import { StreaksService } from './modules/streaks/streaks.service.js';
import { UserGroupsService } from './modules/usergroups/usergroups.service.js';
import type { UserDataOwner } from './modules/users/user-data.js';
import { UserDeletionService } from './modules/users/user-deletion.js';
import { UsersService } from './modules/users/users.service.js';
import { JobRunner, type DailyTask } from './platform/jobs/job-runner.js';
import type { Platform } from './platform/platform.js';

/**
 * The services of every module, built once per app. A module reaches another module only through
 * its service (never its repository). Add a module's service here, one line.
 */
export function createServices(platform: Platform) {
  const jobs = new JobRunner(platform, { pollMs: platform.config.jobPollMs });
  const projects = new ProjectsService(platform);
  const apiKeys = new ApiKeysService(platform);
  const users = new UsersService(platform);
  const userGroups = new UserGroupsService(platform);
  const points = new PointsService(platform);
  const challenges = new ChallengesService(platform, points);
  const streaks = new StreaksService(platform, points);
  const analytics = new AnalyticsService(platform);
  /** The event pipeline after the event's own reward, in order; analytics stays last (it counts what the others decided). */
  const stages: EventStage[] = [];
  const leaderboards = new LeaderboardsService(platform, users, userGroups);
  stages.push(challenges.stage, streaks.stage, leaderboards.stage, analytics.stage);
  const events = new EventsService(platform, { points, stages });
  const coupons = new CouponsService(platform, offerUsageCounter);
  const offers = new OffersService(platform, coupons);
  const redemption = new RedemptionService(platform, offers.repo, coupons, points);
  const surveys = new SurveysService(platform, points);
  const notifications = new NotificationsService(
    platform,
    {
      userExists: (p, u) => users.exists(p, u),
      rewards: [(p, u) => points.lastEntryAt(p, u), (p, u) => coupons.lastIssuedAt(p, u)],
      surveys: (p, u) => surveys.lastAvailableAt(p, u),
    },
    challenges,
  );

  /** What the user-deletion job empties, in this order; `points` (the ledger) late, `users` (the row itself) last. */
  const userDataOwners: UserDataOwner[] = [events, challenges, streaks, leaderboards, coupons, redemption, surveys, notifications, points, users];
  const userDeletion = new UserDeletionService(platform, jobs, userDataOwners);
  /** Work run once per UTC day by the job runner. */
  const dailyTasks: DailyTask[] = [
    { name: 'idempotency-cleanup', run: async (now) => void (await deleteExpiredIdempotencyKeys(platform.db, now)) },
    { name: 'leaderboard-rollover', run: (now) => leaderboards.rollOver(now) },
  ];
  jobs.daily(dailyTasks);
  return {
    projects, apiKeys, users, userGroups, points, stages, events, challenges, streaks, leaderboards,
    coupons, offers, redemption, surveys, notifications, analytics, jobs, userDeletion,
  };
}

export type Services = ReturnType<typeof createServices>;
