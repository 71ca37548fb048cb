import type { ApiKeyScope } from './api-key-scopes.js';
import { AppError } from '../errors.js';

/**
 * Who is calling (docs/api.md, Authentication). A `user` acts only for itself; a `service` (JWT with
 * role service) or an `apikey` acts for any user of its project (a key within its scopes, decision
 * 192); `admin` holds the ADMIN_TOKEN.
 */
export type Principal =
  | { kind: 'user'; projectId: string; userId: string }
  | { kind: 'service'; projectId: string; subject: string }
  | { kind: 'apikey'; projectId: string; apiKeyId: string; scopes: readonly ApiKeyScope[] | null }
  | { kind: 'admin'; projectId: string };

/**
 * How a route authenticates:
 * - `jwt`: a user or service JWT, or an `x-api-key` (the default for every public route; decision 192);
 * - `jwtOrApiKey`: the same (kept for the routes that named it before every public route took keys);
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
