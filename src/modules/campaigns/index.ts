/** What other modules may use of campaigns: the rest of the folder is its own. */
export type { AudienceHook } from './campaign-simulation.js';
export { campaignTools } from './campaign-tools.js';
export { campaignToolsRoutes } from './campaign-tools.routes.js';
export { campaignsRoutes } from './campaigns.routes.js';
export { CampaignsService } from './campaigns.service.js';
