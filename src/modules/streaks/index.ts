/** What other modules may use of streaks: the rest of the folder is its own. */
export { StreaksBatch, streaksIn } from './streaks-batch.js';
export { streaksRoutes } from './streaks.routes.js';
export { StreaksService } from './streaks.service.js';
