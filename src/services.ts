import { deleteExpiredIdempotencyKeys } from './http/idempotency-cleanup.js';
import { AnalyticsService } from './modules/analytics/analytics.service.js';
import { ApiKeysService } from './modules/apikeys/apikeys.service.js';
import { EventsService } from './modules/events/events.service.js';
import type { EventStage } from './modules/events/pipeline.js';
import { LeaderboardsService } from './modules/leaderboards/leaderboards.service.js';
import { PointsService } from './modules/points/points.service.js';
import { ProjectsService } from './modules/projects/projects.service.js';
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
  const leaderboards = new LeaderboardsService(platform, users, userGroups);
  const analytics = new AnalyticsService(platform);
  const stages: EventStage[] = []; // challenges, streaks, leaderboards push their stage here, in that order
  stages.push(leaderboards.stage);
  stages.push(analytics.stage); // analytics stays last: it counts what the stages before it decided
  const events = new EventsService(platform, { points, stages });

  /** What the user-deletion job empties, in this order; `users` (the row itself) must stay last. */
  const userDataOwners: UserDataOwner[] = [events, points, users];
  const userDeletion = new UserDeletionService(platform, jobs, userDataOwners);
  /** Work run once per UTC day by the job runner. */
  const dailyTasks: DailyTask[] = [
    { name: 'idempotency-cleanup', run: async (now) => void (await deleteExpiredIdempotencyKeys(platform.db, now)) },
  ];
  jobs.daily(dailyTasks);
  return { projects, apiKeys, users, userGroups, points, stages, events, leaderboards, analytics, jobs, userDeletion };
}

export type Services = ReturnType<typeof createServices>;
