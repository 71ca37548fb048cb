/** What other modules may use of webhooks: the rest of the folder is its own. */
export { webhooksRoutes } from './webhooks.routes.js';
export { WebhooksService } from './webhooks.service.js';
