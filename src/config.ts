import { isIP } from 'node:net';

/**
 * Configuration from the environment (README, Configuration), validated once at start.
 * A bad value throws a ConfigError naming the variable; main.ts prints it and exits.
 */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /**
   * What stands between Laurel and PostgreSQL (DATABASE_POOLER): `none`, or `transaction` for a pooler
   * in transaction pooling (PgBouncer pool_mode=transaction): then no statement is prepared by name.
   */
  databasePooler: DatabasePooler;
  redisUrl: string | null;
  /** HS256 key; null when tokens are verified with a public key or JWKS. */
  jwtSecret: string | null;
  jwtPublicKey: string | null;
  jwtJwksUrl: string | null;
  jwtIssuer: string | null;
  jwtAudience: string | null;
  adminToken: string | null;
  rateLimitMax: number;
  rateLimitWindowMs: number;
  testClock: boolean;
  logLevel: string;
  /** Folder for the embedded store, the generated JWT secret and admin token. */
  dataDir: string;
  /** Prefix of every Redis key and channel of this deployment. */
  redisPrefix: string;
  /** Background job poll interval in ms (LAUREL_JOB_POLL_MS); 0 runs jobs only on demand. */
  jobPollMs: number;
  /** Longest time an in-memory copy of a definition, key or project is used (LAUREL_CACHE_TTL_MS). */
  cacheTtlMs: number;
  /** On SIGTERM, how long requests in flight may take before their connections are cut (LAUREL_SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** Origins allowed to call the API from a browser (CORS_ORIGINS): a list, `*` for any, [] for none. */
  corsOrigins: '*' | string[];
  /** WEBHOOK_ALLOW_PRIVATE=1: webhook URLs may reach loopback, private and link-local addresses (tests, closed networks). */
  webhookAllowPrivate: boolean;
  /** Days the event log keeps its entries (EVENT_LOG_DAYS). */
  eventLogDays: number;
  /** Most event log entries kept per project (EVENT_LOG_MAX_ENTRIES); older ones go at the daily clean-up. */
  eventLogMaxEntries: number;
  /** A request's headers must have arrived this long after its connection or previous request (LAUREL_HEADERS_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** A whole request (headers and body) must have arrived within this (LAUREL_REQUEST_TIMEOUT_MS); at least headersTimeoutMs. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (LAUREL_KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /** Failed authentications (401) per client address per minute before 429 (LAUREL_AUTH_FAILURE_LIMIT); 0 = off. */
  authFailureLimit: number;
  /** The proxies whose X-Forwarded-For is believed (LAUREL_TRUST_PROXY): addresses, CIDRs, or loopback/linklocal/uniquelocal; [] = none. */
  trustProxy: string[];
  /** Live streams (docs/live.md): a heartbeat comment this often keeps proxies from closing an idle stream (LAUREL_LIVE_HEARTBEAT_MS). */
  liveHeartbeatMs: number;
  /** Live streams one instance holds at most (LAUREL_LIVE_MAX_STREAMS); beyond, 503 with Retry-After. */
  liveMaxStreams: number;
  /** Bytes a live stream's socket may hold unsent before its reader counts as too slow and is dropped (LAUREL_LIVE_MAX_BUFFER_BYTES). */
  liveMaxBufferBytes: number;
}

export type DatabasePooler = 'none' | 'transaction';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable} ${message}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function optional(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? null : raw;
}

function url(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | null {
  const raw = optional(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `is not a URL: "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw;
}

/** CORS_ORIGINS: `*`, or comma-separated origins (`https://app.example.com`), normalised as browsers send them. */
function corsOrigins(env: NodeJS.ProcessEnv): '*' | string[] {
  const raw = optional(env, 'CORS_ORIGINS');
  if (raw === null) return [];
  if (raw.trim() === '*') return '*';
  const origins = raw
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  return origins.map((origin) => {
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      throw new ConfigError('CORS_ORIGINS', `must be * or comma-separated origins like https://app.example.com, got "${origin}"`);
    }
    if (
      !['http:', 'https:'].includes(parsed.protocol) ||
      parsed.pathname !== '/' ||
      parsed.search !== '' ||
      parsed.hash !== '' ||
      parsed.username !== ''
    ) {
      throw new ConfigError('CORS_ORIGINS', `must list origins (scheme://host[:port], no path), got "${origin}"`);
    }
    return parsed.origin;
  });
}

/** Names proxy-addr (Fastify's trustProxy) knows for whole ranges. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** LAUREL_TRUST_PROXY: comma-separated addresses or CIDRs (as Fastify's trustProxy takes them). */
function trustProxy(env: NodeJS.ProcessEnv): string[] {
  const raw = optional(env, 'LAUREL_TRUST_PROXY');
  if (raw === null) return [];
  return raw
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((entry) => {
      if (PROXY_RANGES.includes(entry)) return entry;
      const [address, bits, extra] = entry.split('/');
      const family = isIP(address ?? '');
      const maxBits = family === 4 ? 32 : 128;
      const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
      if (family === 0 || !bitsOk || extra !== undefined) {
        throw new ConfigError('LAUREL_TRUST_PROXY', `must list proxy addresses or CIDRs (10.0.0.1, 172.16.0.0/12, ::1), got "${entry}"`);
      }
      return entry;
    });
}

/** The HTTP timeouts against slow clients (decision 213): headers within the whole request's time. */
function timeouts(env: NodeJS.ProcessEnv) {
  const headersTimeoutMs = integer(env, 'LAUREL_HEADERS_TIMEOUT_MS', 10_000, 100, 600_000);
  const requestTimeoutMs = integer(env, 'LAUREL_REQUEST_TIMEOUT_MS', 30_000, 100, 3_600_000);
  if (requestTimeoutMs < headersTimeoutMs) {
    throw new ConfigError(
      'LAUREL_REQUEST_TIMEOUT_MS',
      `must be at least LAUREL_HEADERS_TIMEOUT_MS (${headersTimeoutMs}), got ${requestTimeoutMs}`,
    );
  }
  return { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs: integer(env, 'LAUREL_KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000) };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = optional(env, 'DATABASE_URL') ?? 'sqlite:./data/laurel.db';
  if (!databaseUrl.startsWith('sqlite:') && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', `must be sqlite:<path>, sqlite::memory: or postgres://…, got "${databaseUrl}"`);
  }
  if (databaseUrl === 'sqlite:') throw new ConfigError('DATABASE_URL', 'needs a path after sqlite:');
  const databasePooler = optional(env, 'DATABASE_POOLER') ?? 'none';
  if (databasePooler !== 'none' && databasePooler !== 'transaction') {
    throw new ConfigError('DATABASE_POOLER', `must be none or transaction, got "${databasePooler}"`);
  }
  if (databasePooler !== 'none' && databaseUrl.startsWith('sqlite:')) {
    throw new ConfigError('DATABASE_POOLER', 'applies to PostgreSQL only (DATABASE_URL=postgres://…), not to the embedded SQLite store');
  }

  const logLevel = optional(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }

  const testClockRaw = optional(env, 'LAUREL_TEST_CLOCK');
  if (testClockRaw !== null && testClockRaw !== '0' && testClockRaw !== '1') {
    throw new ConfigError('LAUREL_TEST_CLOCK', `must be 1 or 0, got "${testClockRaw}"`);
  }
  const testClock = testClockRaw === '1';
  if (testClock && env.NODE_ENV === 'production') {
    throw new ConfigError('LAUREL_TEST_CLOCK', 'is refused when NODE_ENV=production');
  }

  const jwtSecret = optional(env, 'JWT_SECRET');
  if (jwtSecret !== null && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET', 'must be at least 32 characters long');
  }
  const jwtPublicKey = optional(env, 'JWT_PUBLIC_KEY');
  if (jwtPublicKey !== null && !jwtPublicKey.includes('BEGIN PUBLIC KEY')) {
    throw new ConfigError('JWT_PUBLIC_KEY', 'must be a PEM public key (-----BEGIN PUBLIC KEY-----)');
  }
  const jwtJwksUrl = url(env, 'JWT_JWKS_URL', ['http:', 'https:']);
  if (jwtPublicKey !== null && jwtJwksUrl !== null) {
    throw new ConfigError('JWT_JWKS_URL', 'cannot be combined with JWT_PUBLIC_KEY');
  }

  const adminToken = optional(env, 'ADMIN_TOKEN');
  if (adminToken !== null && adminToken.length < 16) {
    throw new ConfigError('ADMIN_TOKEN', 'must be at least 16 characters long');
  }

  const host = optional(env, 'HOST') ?? '0.0.0.0';

  const allowPrivate = optional(env, 'WEBHOOK_ALLOW_PRIVATE');
  if (allowPrivate !== null && allowPrivate !== '0' && allowPrivate !== '1') {
    throw new ConfigError('WEBHOOK_ALLOW_PRIVATE', `must be 1 or 0, got "${allowPrivate}"`);
  }

  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host,
    databaseUrl,
    databasePooler,
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    jwtSecret,
    jwtPublicKey: jwtPublicKey?.replace(/\\n/g, '\n') ?? null,
    jwtJwksUrl,
    jwtIssuer: optional(env, 'JWT_ISSUER'),
    jwtAudience: optional(env, 'JWT_AUDIENCE'),
    adminToken,
    rateLimitMax: integer(env, 'RATE_LIMIT_MAX', 600, 1, 10_000_000),
    rateLimitWindowMs: integer(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1, 86_400_000),
    testClock,
    logLevel,
    dataDir: optional(env, 'LAUREL_DATA_DIR') ?? './data',
    redisPrefix: optional(env, 'LAUREL_REDIS_PREFIX') ?? 'laurel:',
    jobPollMs: integer(env, 'LAUREL_JOB_POLL_MS', 1000, 0, 3_600_000),
    cacheTtlMs: integer(env, 'LAUREL_CACHE_TTL_MS', 30_000, 0, 3_600_000),
    shutdownGraceMs: integer(env, 'LAUREL_SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    corsOrigins: corsOrigins(env),
    webhookAllowPrivate: allowPrivate === '1',
    eventLogDays: integer(env, 'EVENT_LOG_DAYS', 7, 1, 3650),
    eventLogMaxEntries: integer(env, 'EVENT_LOG_MAX_ENTRIES', 1_000_000, 1000, 1_000_000_000),
    ...timeouts(env),
    authFailureLimit: integer(env, 'LAUREL_AUTH_FAILURE_LIMIT', 20, 0, 1_000_000),
    trustProxy: trustProxy(env),
    liveHeartbeatMs: integer(env, 'LAUREL_LIVE_HEARTBEAT_MS', 15_000, 10, 600_000),
    liveMaxStreams: integer(env, 'LAUREL_LIVE_MAX_STREAMS', 20_000, 0, 1_000_000),
    liveMaxBufferBytes: integer(env, 'LAUREL_LIVE_MAX_BUFFER_BYTES', 256 * 1024, 1024, 64 * 1024 * 1024),
  };
}
