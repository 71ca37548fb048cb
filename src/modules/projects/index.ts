/** What other modules may use of projects: the rest of the folder is its own. */
export { ProjectDeletionService } from './project-deletion.js';
export type { ProjectDataOwner } from './project-deletion.js';
export { projectsRoutes } from './projects.routes.js';
export { DEFAULT_TIER_GRACE_MONTHS, DEFAULT_TIER_WINDOW_MONTHS, ProjectsService } from './projects.service.js';
