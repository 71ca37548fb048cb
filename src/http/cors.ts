import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** What a browser app may send: the auth headers, JSON, and the service's own request headers. */
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-API-Key', 'X-Project-Id', 'X-Request-Id'];
/** Response headers a browser app may read besides the simple ones: paging, rate limits, the request id. */
export const CORS_EXPOSED_HEADERS = [
  'X-Next-Cursor',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Request-Id',
];

/**
 * Cross-origin access for browser apps (CORS_ORIGINS): unset allows none (no CORS headers, OPTIONS
 * is 404); `*` any origin; else the listed origins. Registered before authentication, so a
 * preflight (which carries no token) is answered at once and refusals still carry the headers the
 * browser needs to show them to the app. Bearer tokens, not cookies: no credentials mode.
 */
export async function registerCors(app: FastifyInstance, config: Pick<Config, 'corsOrigins'>): Promise<void> {
  const origins = config.corsOrigins;
  if (origins !== '*' && origins.length === 0) return;
  await app.register(cors, {
    origin: origins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    credentials: false,
    maxAge: 600,
    // Any OPTIONS is answered as a preflight; a malformed one gets no allow headers, not a text/plain 400.
    strictPreflight: false,
  });
}
