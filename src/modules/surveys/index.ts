/** What other modules may use of surveys: the rest of the folder is its own. */
export { surveysParticipant } from './surveys-batch.js';
export { surveysRoutes } from './surveys.routes.js';
export { SurveysService } from './surveys.service.js';
export { lastAvailableQuery } from './surveys.repository.js';
