import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Platform } from '../platform/platform.js';
import { principalKey } from './auth/principal.js';
import { AppError } from './errors.js';

/**
 * RATE_LIMIT_MAX requests per principal (user, service, API key; the IP when anonymous) per
 * RATE_LIMIT_WINDOW_MS. Counters live in Redis in scale mode, so the limit holds across instances.
 * Runs after authentication (preHandler), so it counts the principal, not the connection.
 * Health, metrics, docs, the dashboard and the admin API are not limited.
 */
export async function registerRateLimit(app: FastifyInstance, platform: Platform): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    max: platform.config.rateLimitMax,
    timeWindow: platform.config.rateLimitWindowMs,
    ...(platform.redis ? { redis: platform.redis.client, nameSpace: 'ratelimit:' } : {}),
    skipOnError: true,
    keyGenerator: (req: FastifyRequest) => (req.principal ? principalKey(req.principal) : `ip:${req.ip}`),
    allowList: (req: FastifyRequest) => !req.principal || req.principal.kind === 'admin',
    errorResponseBuilder: (_req, context) =>
      new AppError(429, 'RATE_LIMITED', `Rate limit exceeded: ${context.max} requests per ${context.after}. Retry later.`),
  });
}
