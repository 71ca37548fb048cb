import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { keyMayCall, scopeOfRoute, type ApiKeyScope } from './api-key-scopes.js';
import type { JwtVerifier, TokenClaims } from './jwt-verifier.js';
import type { AuthMode, Principal } from './principal.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the route authenticates; see AuthMode. Default: `admin` under /admin, else `jwt`. */
    auth?: AuthMode;
    /** The route also takes a one-time stream token as `?token=` (live streams, whose EventSource cannot send headers). */
    streamToken?: boolean;
  }
  interface FastifyRequest {
    /** Set by authentication before any handler of a non-public route runs. */
    principal: Principal;
  }
}

export interface AuthDependencies {
  verifyJwt: JwtVerifier;
  adminToken: string;
  /** Resolves an API key to its project, or null when unknown or revoked. */
  resolveApiKey(key: string): Promise<{ projectId: string; apiKeyId: string; scopes: readonly ApiKeyScope[] | null } | null>;
  projectExists(projectId: string): Promise<boolean>;
  /** `projectExists` at once when it is known without a read (undefined: ask `projectExists`). */
  projectExistsNow?(projectId: string): boolean | undefined;
  /** Takes (uses up) a stream token: the user it lets in, or null when unknown, expired or used. */
  takeStreamToken?(token: string): Promise<{ projectId: string; userId: string } | null>;
}

const PUBLIC_PREFIXES = ['/health', '/metrics', '/openapi.json', '/docs', '/dashboard'];

/** How the route of a request authenticates; null when no route matched (the 404 handler answers). */
export function authModeOf(request: FastifyRequest): AuthMode | null {
  const url = request.routeOptions.url;
  if (url === undefined) return null; // no route matched: the 404 handler answers
  return routeAuthMode(url, request.routeOptions.config.auth);
}

/** How a route authenticates: its configured mode, else by its path. The OpenAPI document's security is made from it. */
export function routeAuthMode(url: string, configured: AuthMode | undefined): AuthMode {
  if (configured) return configured;
  if (url === '/' || PUBLIC_PREFIXES.some((p) => url === p || url.startsWith(p + '/'))) return 'public';
  return url.startsWith('/admin') ? 'admin' : 'jwt';
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The project of an admin request: header x-project-id (default `default`), which must exist. */
async function adminProject(request: FastifyRequest, deps: AuthDependencies): Promise<string> {
  const header = request.headers['x-project-id'];
  const projectId = typeof header === 'string' && header !== '' ? header : 'default';
  if (!(await deps.projectExists(projectId))) {
    throw AppError.of('PROJECT_NOT_FOUND', projectId);
  }
  return projectId;
}

/** Authenticates every request in onRequest, before body parsing, rate limiting and handlers. */
export function registerAuthentication(app: FastifyInstance, deps: AuthDependencies): void {
  app.decorateRequest('principal', null as never);

  // A callback hook with the common case answered at once: a bearer token verified before, of a
  // project known to exist. Everything else (and every refusal) takes `authenticate`.
  app.addHook('onRequest', (request, _reply, done) => {
    const mode = authModeOf(request);
    if (mode === null || mode === 'public') return done();
    const token = bearer(request);
    if (token !== null && mode !== 'admin' && mode !== 'adminGlobal') {
      const claims = deps.verifyJwt.cached(token);
      if (claims && deps.projectExistsNow?.(claims.projectId) === true) {
        request.principal = principalOf(claims);
        return done();
      }
    }
    authenticate(request, mode, token).then(() => done(), done);
  });

  async function authenticate(request: FastifyRequest, mode: AuthMode, token: string | null): Promise<void> {
    if (mode === 'admin' || mode === 'adminGlobal') {
      if (token === null || !sameSecret(token, deps.adminToken)) {
        throw AppError.of('ADMIN_TOKEN_REQUIRED', 'Admin token required');
      }
      const projectId = mode === 'admin' ? await adminProject(request, deps) : 'default';
      request.principal = { kind: 'admin', projectId };
      return;
    }

    // Every public route takes an API key (a service principal of its project), within its scopes.
    const apiKey = request.headers['x-api-key'];
    const streamToken = (request.query as { token?: unknown } | undefined)?.token;
    if (
      request.routeOptions.config.streamToken &&
      token === null &&
      apiKey === undefined &&
      typeof streamToken === 'string' &&
      deps.takeStreamToken
    ) {
      const grant = await deps.takeStreamToken(streamToken);
      if (!grant || !(await deps.projectExists(grant.projectId)))
        throw AppError.of('INVALID_STREAM_TOKEN', 'Invalid stream token: unknown, expired (60 s) or already used');
      request.principal = { kind: 'user', projectId: grant.projectId, userId: grant.userId };
      return;
    }
    if (typeof apiKey === 'string' && token === null) {
      const resolved = await deps.resolveApiKey(apiKey);
      // A key of a project being deleted is refused at once, before the job reaches its row.
      if (!resolved || !(await deps.projectExists(resolved.projectId))) throw AppError.of('INVALID_API_KEY', 'Invalid API key');
      const needed = scopeOfRoute(request.method, request.routeOptions.url!);
      if (!keyMayCall(resolved.scopes, needed)) {
        throw AppError.of(
          'API_KEY_SCOPE',
          needed === null
            ? 'This route needs an API key with every scope'
            : `This API key lacks the scope ${needed} that ${request.method} ${request.routeOptions.url} needs`,
        );
      }
      request.principal = { kind: 'apikey', ...resolved };
      return;
    }

    if (token === null) throw AppError.of('TOKEN_REQUIRED', 'Bearer token required');
    if (token.split('.').length !== 3 && sameSecret(token, deps.adminToken)) {
      // The operator (dashboard) may read and act for any user of the project in x-project-id.
      request.principal = { kind: 'admin', projectId: await adminProject(request, deps) };
      return;
    }
    const claims = await deps.verifyJwt(token);
    if (!(await deps.projectExists(claims.projectId))) {
      throw AppError.of('UNKNOWN_PROJECT', `Unknown project ${claims.projectId}`);
    }
    request.principal = principalOf(claims);
  }
}

function principalOf(claims: TokenClaims): Principal {
  return claims.role === 'service'
    ? { kind: 'service', projectId: claims.projectId, subject: claims.sub }
    : { kind: 'user', projectId: claims.projectId, userId: claims.sub };
}
