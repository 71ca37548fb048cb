/** What other modules may use of referrals: the rest of the folder is its own. */
export { referralsRoutes } from './referrals.routes.js';
export { ReferralsService } from './referrals.service.js';
