/** What other modules may use of leaderboards: the rest of the folder is its own. */
export { POINTS_CURRENCY, boardGroup } from './board-ref.js';
export type { ArchivedEntry, MonthArchive } from './closed-months.js';
export { leaderboardsRoutes } from './leaderboards.routes.js';
export { ProjectParams } from './leaderboards.schemas.js';
export { LeaderboardsService } from './leaderboards.service.js';
export { MonthClose } from './month-close.js';
export type { ClosedBoard, MonthCloseStep } from './month-close.js';
