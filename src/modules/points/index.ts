/** What other modules may use of points: the rest of the folder is its own. */
export { PointsExpiryService } from './expiry.js';
export { boardEffect, ledgerIn } from './ledger-batch.js';
export { historyText } from './ledger.js';
export type { HistoryText } from './ledger.js';
export { assertPointsInRange } from './points-range.js';
export { pointsRoutes } from './points.routes.js';
export { PointsService } from './points.service.js';
export { EARNING_TYPES, lifetimeEarned } from './points.sql.js';
export { lastEntryQuery } from './user-reads.sql.js';
export { ReversalsService } from './reversals.js';
