/** What other modules may use of usergroups: the rest of the folder is its own. */
export { userGroupsRoutes } from './usergroups.routes.js';
export { DEFAULT_GROUP, UserGroupsService } from './usergroups.service.js';
