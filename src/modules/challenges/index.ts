/** What other modules may use of challenges: the rest of the folder is its own. */
export { challengesRoutes } from './challenges.routes.js';
export { ChallengesService } from './challenges.service.js';
