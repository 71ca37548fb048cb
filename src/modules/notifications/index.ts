/** What other modules may use of notifications: the rest of the folder is its own. */
export { notificationsRoutes } from './notifications.routes.js';
export { NotificationsService } from './notifications.service.js';
