/** What other modules may use of tiers: the rest of the folder is its own. */
export { TiersBatch, tiersIn } from './tiers-batch.js';
export { tiersRoutes } from './tiers.routes.js';
export { TiersService } from './tiers.service.js';
