import { AppError } from '../errors.js';

/**
 * Who is calling (docs/api.md, Authentication). A `user` acts only for itself; a `service` (JWT with
 * role service) or an `apikey` acts for any user of its project; `admin` holds the ADMIN_TOKEN.
 */
export type Principal =
  | { kind: 'user'; projectId: string; userId: string }
  | { kind: 'service'; projectId: string; subject: string }
  | { kind: 'apikey'; projectId: string; apiKeyId: string }
  | { kind: 'admin'; projectId: string };

/**
 * How a route authenticates:
 * - `jwt`: a user or service JWT (the default for every public route);
 * - `jwtOrApiKey`: a JWT or an `x-api-key` (POST /usergroup, POST /event);
 * - `admin`: the ADMIN_TOKEN, project from `x-project-id` (the default under /admin);
 * - `adminGlobal`: the ADMIN_TOKEN for routes above projects (/admin/project, /admin/clock);
 * - `public`: none (health, metrics, docs, dashboard assets).
 */
export type AuthMode = 'jwt' | 'jwtOrApiKey' | 'admin' | 'adminGlobal' | 'public';

/** A stable key per principal: rate-limit counters and idempotency keys are scoped by it. */
export function principalKey(p: Principal): string {
  switch (p.kind) {
    case 'user':
      return `u:${p.projectId}:${p.userId}`;
    case 'service':
      return `s:${p.projectId}:${p.subject}`;
    case 'apikey':
      return `k:${p.projectId}:${p.apiKeyId}`;
    case 'admin':
      return `a:${p.projectId}`;
  }
}

/**
 * The one check that a principal may act for a userId (path or body). Users only for themselves;
 * service principals and the admin for anyone in their project (the project is already theirs).
 */
export function assertActsFor(principal: Principal, userId: string): void {
  if (principal.kind === 'user' && principal.userId !== userId) {
    throw AppError.of('FORBIDDEN_USER', `Not allowed to act for user ${userId}`);
  }
}
