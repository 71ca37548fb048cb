/** What other modules may use of admin: the rest of the folder is its own. */
export { clockRoutes } from './clock.routes.js';
export { healthRoutes } from './health.routes.js';
export { jobsRoutes } from './jobs.routes.js';
