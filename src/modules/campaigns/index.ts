/** What other modules may use of campaigns: the rest of the folder is its own. */
export { campaignsRoutes } from './campaigns.routes.js';
export { CampaignsService } from './campaigns.service.js';
export { campaignToolsRoutes } from './campaign-tools.routes.js';
export { CampaignBackfill } from './campaign-backfill.js';
export { campaignBackfillParticipant } from './campaign-backfill-batch.js';
export { CampaignSchedule } from './campaign-schedule.js';
export { CampaignSimulation } from './campaign-simulation.js';
export type { AudienceHook } from './campaign-simulation.js';
