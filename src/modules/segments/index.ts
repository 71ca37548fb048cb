/** What other modules may use of segments: the rest of the folder is its own. */
export { BatchAudience } from './segment-audience.js';
export { segmentsRoutes } from './segments.routes.js';
export { SegmentsService } from './segments.service.js';
