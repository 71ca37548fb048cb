import { LeaderboardsService } from './modules/leaderboards/leaderboards.service.js';
import { EventsService } from './modules/events/events.service.js';
import type { EventStage } from './modules/events/pipeline.js';
import { ApiKeysService } from './modules/apikeys/apikeys.service.js';
import { PointsService } from './modules/points/points.service.js';
import { ProjectsService } from './modules/projects/projects.service.js';
import { UserGroupsService } from './modules/usergroups/usergroups.service.js';
import { UsersService } from './modules/users/users.service.js';
import type { Platform } from './platform/platform.js';

/**
 * The services of every module, built once per app. A module reaches another module only through
 * its service (never its repository). Add a module's service here, one line.
 */
export function createServices(platform: Platform) {
  const projects = new ProjectsService(platform);
  const apiKeys = new ApiKeysService(platform);
  const users = new UsersService(platform);
  const userGroups = new UserGroupsService(platform);
  const points = new PointsService(platform);
  const leaderboards = new LeaderboardsService(platform, users, userGroups);
  const stages: EventStage[] = []; // challenges, streaks, leaderboards, analytics push their stage here, in that order
  stages.push(leaderboards.stage);
  const events = new EventsService(platform, { points, stages });
  return { projects, apiKeys, users, userGroups, points, stages, events, leaderboards };
}

export type Services = ReturnType<typeof createServices>;
