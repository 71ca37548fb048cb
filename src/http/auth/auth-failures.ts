import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { InvalidationBus } from '../../platform/bus.js';
import type { Platform } from '../../platform/platform.js';
import type { RedisHandle } from '../../platform/redis.js';
import { AppError } from '../errors.js';
import { authModeOf } from './authenticate.js';

/**
 * Failed authentication is rate limited per client address (decision 214): after
 * LAUREL_AUTH_FAILURE_LIMIT answers 401 to one address within a minute (counted from its first
 * failure), every request of that address to an authenticated route gets 429 with Retry-After until
 * that minute ends. The address is the connection's, or the client a trusted proxy names in
 * X-Forwarded-For (LAUREL_TRUST_PROXY, Fastify's `request.ip`).
 *
 * Scale mode counts in Redis, so failures add up across instances; the instance that counts the
 * last one tells the others on the bus, and each keeps the blocked addresses in memory (no Redis
 * round trip per request). Embedded, or while Redis is away, each process counts for itself.
 */
export const AUTH_FAILURE_WINDOW_MS = 60_000;
/** Most addresses a process keeps (failure counts, blocks); more are dropped oldest first. */
const MAX_ADDRESSES = 100_000;
const TOPIC = 'auth-blocked';

/** Counts failures of an address in a window that starts at its first failure. */
export interface FailureCounter {
  add(address: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
}

/** In this process only: a map of windows, the oldest dropped beyond MAX_ADDRESSES. */
export class LocalFailureCounter implements FailureCounter {
  private readonly windows = new Map<string, { count: number; until: number }>();

  async add(address: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
    const now = performance.now();
    let w = this.windows.get(address);
    if (!w || w.until <= now) {
      this.windows.delete(address);
      this.windows.set(address, (w = { count: 0, until: now + windowMs }));
      if (this.windows.size > MAX_ADDRESSES) this.windows.delete(this.windows.keys().next().value!);
    }
    w.count++;
    return { count: w.count, ttlMs: w.until - now };
  }
}

/** INCR with the window set at the first failure; answers the count and the window's remaining ms. */
const COUNT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** Shared by every instance through Redis; counts locally whenever Redis is unavailable. */
export class RedisFailureCounter implements FailureCounter {
  constructor(
    private readonly redis: RedisHandle,
    private readonly local: FailureCounter = new LocalFailureCounter(),
  ) {}

  async add(address: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
    if (!this.redis.available()) return this.local.add(address, windowMs);
    try {
      const [count, ttl] = (await this.redis.client.eval(COUNT_SCRIPT, 1, `authfail:${address}`, windowMs)) as [number, number];
      return { count: Number(count), ttlMs: Number(ttl) > 0 ? Number(ttl) : windowMs };
    } catch (err) {
      this.redis.noteFailure(err);
      return this.local.add(address, windowMs);
    }
  }
}

export class AuthFailureLimiter {
  /** Blocked addresses and until when (performance.now() ms). */
  private readonly blocked = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly counter: FailureCounter,
    private readonly bus: InvalidationBus,
    private readonly windowMs = AUTH_FAILURE_WINDOW_MS,
  ) {
    bus.on(TOPIC, (payload) => {
      const sep = payload.indexOf(' ');
      this.block(payload.slice(sep + 1), Number(payload.slice(0, sep)));
    });
  }

  /** How long `address` stays blocked (ms), or null when it is not. */
  retryAfterMs(address: string): number | null {
    if (this.blocked.size === 0) return null;
    const until = this.blocked.get(address);
    if (until === undefined) return null;
    const left = until - performance.now();
    if (left > 0) return left;
    this.blocked.delete(address);
    return null;
  }

  /** Counts a 401 answered to `address`; the one that reaches the limit blocks it on every instance. */
  async failed(address: string): Promise<void> {
    const { count, ttlMs } = await this.counter.add(address, this.windowMs);
    if (count < this.limit || this.retryAfterMs(address) !== null) return;
    // Published to this instance at once (the bus delivers locally first), to the others through Redis.
    await this.bus.publish(TOPIC, `${Math.ceil(ttlMs)} ${address}`);
  }

  private block(address: string, ms: number): void {
    if (!(ms > 0)) return;
    this.blocked.delete(address);
    this.blocked.set(address, performance.now() + ms);
    if (this.blocked.size > MAX_ADDRESSES) this.blocked.delete(this.blocked.keys().next().value!);
  }
}

/**
 * The hooks: before authentication, a blocked address gets 429 on every route that authenticates;
 * after, every 401 is counted. Registered before `registerAuthentication`. A limit of 0 turns it off.
 */
export function registerAuthFailureLimit(app: FastifyInstance, platform: Platform): void {
  const limit = platform.config.authFailureLimit;
  if (limit === 0) return;
  const counter = platform.redis ? new RedisFailureCounter(platform.redis) : new LocalFailureCounter();
  const limiter = new AuthFailureLimiter(limit, counter, platform.bus);
  const authenticated = (request: FastifyRequest) => {
    const mode = authModeOf(request);
    return mode !== null && mode !== 'public';
  };

  // Callback hooks: every request runs them, and almost none is refused or answered 401.
  app.addHook('onRequest', (request, reply, done) => {
    const left = limiter.retryAfterMs(request.ip);
    if (left === null || !authenticated(request)) return done();
    const seconds = Math.ceil(left / 1000);
    reply.header('retry-after', String(seconds));
    done(
      AppError.of('AUTH_FAILURES_LIMITED', `Too many failed authentications from this address (${limit} a minute); retry in ${seconds} s`),
    );
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode !== 401) return done(null, payload);
    limiter.failed(request.ip).then(
      () => done(null, payload),
      (err: Error) => done(err),
    );
  });
}
