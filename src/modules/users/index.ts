/** What other modules may use of users: the rest of the folder is its own. */
export { writeNewUsers } from './batch-new-users.js';
export type { UserDataOwner } from './user-data.js';
export { UserDeletionService } from './user-deletion.js';
export { insertMissingUsers, lockUserRows, userFactsQuery } from './users.repository.js';
export { usersRoutes } from './users.routes.js';
export { UsersService } from './users.service.js';
export type { LeaderboardProfile, LiveUsers } from './users.service.js';
