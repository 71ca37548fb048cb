/** What other modules may use of campaigns: the rest of the folder is its own. */
export { campaignsRoutes } from './campaigns.routes.js';
export { CampaignsService } from './campaigns.service.js';
