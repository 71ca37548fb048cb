/** What other modules may use of audit: the rest of the folder is its own. */
export { auditRoutes } from './audit.routes.js';
export { AuditService } from './audit.service.js';
