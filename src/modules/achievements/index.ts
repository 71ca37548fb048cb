/** What other modules may use of achievements: the rest of the folder is its own. */
export { AchievementBackfill } from './achievement-backfill.js';
export { achievementsRoutes } from './achievements.routes.js';
export { AchievementsService } from './achievements.service.js';
export { lastUnlockQuery } from './achievements.repository.js';
