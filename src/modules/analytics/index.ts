/** What other modules may use of analytics: the rest of the folder is its own. */
export { analyticsRoutes } from './analytics.routes.js';
export { AnalyticsService } from './analytics.service.js';
