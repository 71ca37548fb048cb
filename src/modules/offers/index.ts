/** What other modules may use of offers: the rest of the folder is its own. */
export { offerUsageCounter } from './offer-usage.js';
export { offersRoutes } from './offers.routes.js';
export { OffersService } from './offers.service.js';
export { redemptionParticipant } from './redemption-batch.js';
export { RedemptionService } from './redemption.service.js';
