/** What other modules may use of apikeys: the rest of the folder is its own. */
export { apiKeysRoutes } from './apikeys.routes.js';
export { ApiKeysService } from './apikeys.service.js';
