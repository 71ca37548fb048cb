/** What other modules may use of live: the rest of the folder is its own. */
export { liveRoutes } from './live.routes.js';
export { LiveService } from './live.service.js';
