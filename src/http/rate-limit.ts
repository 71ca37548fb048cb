import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Platform } from '../platform/platform.js';
import { deleteKeysMatching, type RedisHandle } from '../platform/redis.js';
import { principalKey } from './auth/principal.js';
import { AppError } from './errors.js';
import { SharedCounters, SharedCounterStore, type Store } from './rate-limit-store.js';

/**
 * RATE_LIMIT_MAX requests per principal (user, service, API key; the IP when anonymous) per
 * RATE_LIMIT_WINDOW_MS. Counters live in Redis in scale mode, so the limit holds across instances
 * (counted locally and added in batches, exact near the limit: rate-limit-store.ts, decision 267);
 * while Redis is away each instance counts on its own (the limit then holds per instance).
 * Runs after authentication (preHandler), so it counts the principal, not the connection.
 * Health, metrics, docs, the dashboard and the admin API are not limited.
 */
export async function registerRateLimit(app: FastifyInstance, platform: Platform): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    max: platform.config.rateLimitMax,
    timeWindow: platform.config.rateLimitWindowMs,
    ...(platform.redis ? { store: redisWithLocalFallback(app, platform.redis, NAMESPACE) } : {}),
    skipOnError: false,
    keyGenerator: (req: FastifyRequest) => (req.principal ? principalKey(req.principal) : `ip:${req.ip}`),
    allowList: (req: FastifyRequest) => !req.principal || req.principal.kind === 'admin',
    errorResponseBuilder: (_req, context) =>
      AppError.of('RATE_LIMITED', `Rate limit exceeded: ${context.max} requests per ${context.after}. Retry later.`),
  });
}

const NAMESPACE = 'ratelimit:';

/**
 * A deleted project's request counters in Redis (decision 216): the plugin's keys are the namespace,
 * for a route with its own limit the route, then the principal key (`u:<project>:…`, `s:…`, `k:…`).
 * They expire within a window anyway; removing them leaves nothing of the project behind.
 */
export async function deleteRateLimitKeys(redis: RedisHandle, projectId: string): Promise<void> {
  for (const pattern of [`${NAMESPACE}[usk]:${projectId}:*`, `${NAMESPACE}*-[usk]:${projectId}:*`]) {
    await deleteKeysMatching(redis, pattern);
  }
}

type Counted = Parameters<Store['incr']>[1];
interface GlobalParams {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
}

// The plugin's own stores (CommonJS, not in its exports): Laurel counts with them, it only chooses.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (c: boolean, e: boolean, cache?: number) => Store;

/**
 * The shared counters (rate-limit-store.ts: counted here, added to Redis in batches), answered by the
 * plugin's local store whenever Redis is unavailable or a count fails.
 */
function redisWithLocalFallback(app: FastifyInstance, redis: RedisHandle, nameSpace: string): FastifyRateLimitStoreCtor {
  const counters = new SharedCounters(redis);
  app.addHook('onClose', async () => counters.close());
  function fallback(remote: Store, local: Store): Store {
    const count = (method: 'incr' | 'read') => (key: string, cb: Counted, timeWindow: number, max: number) => {
      if (!redis.available()) return local[method](key, cb, timeWindow, max);
      remote[method](
        key,
        (err, result) => {
          if (!err) return cb(null, result);
          redis.noteFailure(err);
          local[method](key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    };
    return {
      incr: count('incr'),
      read: count('read'),
      child: (routeOptions) => fallback(remote.child(routeOptions), local.child(routeOptions)),
    };
  }
  // The plugin constructs the store itself (`new store(params)`); a constructor may return another object.
  return class {
    constructor(params: GlobalParams) {
      const remote = new SharedCounterStore(counters, nameSpace);
      const local = new LocalStore(params.continueExceeding, params.exponentialBackoff);
      return fallback(remote, local);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
