/** What other modules may use of dashboard: the rest of the folder is its own. */
export { dashboardRoutes } from './dashboard.routes.js';
