/** What other modules may use of seasons: the rest of the folder is its own. */
export { ArchivedBoards } from './archived-boards.js';
export { seasonPayoutsParticipant } from './season-payouts-batch.js';
export { seasonsRoutes } from './seasons.routes.js';
export { SeasonsService } from './seasons.service.js';
