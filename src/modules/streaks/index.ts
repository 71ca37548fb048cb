/** What other modules may use of streaks: the rest of the folder is its own. */
export { streaksRoutes } from './streaks.routes.js';
export { StreaksService } from './streaks.service.js';
