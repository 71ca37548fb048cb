import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the contract defaults with an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: 'sqlite:./data/laurel.db',
      redisUrl: null,
      rateLimitMax: 600,
      rateLimitWindowMs: 60_000,
      testClock: false,
      logLevel: 'info',
      shutdownGraceMs: 10_000,
      corsOrigins: [],
      webhookAllowPrivate: false,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      authFailureLimit: 20,
      trustProxy: [],
    });
  });

  it('reads the slow-client timeouts, the auth failure limit and the trusted proxies', () => {
    const c = loadConfig({
      LAUREL_HEADERS_TIMEOUT_MS: '2000',
      LAUREL_REQUEST_TIMEOUT_MS: '4000',
      LAUREL_KEEP_ALIVE_TIMEOUT_MS: '1000',
      LAUREL_AUTH_FAILURE_LIMIT: '0',
      LAUREL_TRUST_PROXY: '10.0.0.2, 172.16.0.0/12,::1,fd00::/8,loopback',
    });
    expect(c).toMatchObject({
      headersTimeoutMs: 2000,
      requestTimeoutMs: 4000,
      keepAliveTimeoutMs: 1000,
      authFailureLimit: 0,
      trustProxy: ['10.0.0.2', '172.16.0.0/12', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['REDIS_URL', { REDIS_URL: 'http://x' }],
    ['DATABASE_POOLER', { DATABASE_URL: 'postgres://u@h/db', DATABASE_POOLER: 'statement' }],
    ['DATABASE_POOLER', { DATABASE_URL: 'postgres://u@h/db', DATABASE_POOLER: 'pgbouncer' }],
    ['DATABASE_POOLER', { DATABASE_POOLER: 'transaction' }],
    ['RATE_LIMIT_MAX', { RATE_LIMIT_MAX: '-1' }],
    ['RATE_LIMIT_WINDOW_MS', { RATE_LIMIT_WINDOW_MS: '1.5' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['JWT_SECRET', { JWT_SECRET: 'short' }],
    ['JWT_PUBLIC_KEY', { JWT_PUBLIC_KEY: 'not a pem' }],
    ['ADMIN_TOKEN', { ADMIN_TOKEN: 'short' }],
    ['LAUREL_TEST_CLOCK', { LAUREL_TEST_CLOCK: 'yes' }],
    ['LAUREL_TEST_CLOCK', { LAUREL_TEST_CLOCK: '1', NODE_ENV: 'production' }],
    ['LAUREL_SHUTDOWN_GRACE_MS', { LAUREL_SHUTDOWN_GRACE_MS: 'soon' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'app.example.com' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'https://app.example.com/path' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'ftp://app.example.com' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'https://a.example.com, *' }],
    ['WEBHOOK_ALLOW_PRIVATE', { WEBHOOK_ALLOW_PRIVATE: 'true' }],
    ['LAUREL_HEADERS_TIMEOUT_MS', { LAUREL_HEADERS_TIMEOUT_MS: '10s' }],
    ['LAUREL_HEADERS_TIMEOUT_MS', { LAUREL_HEADERS_TIMEOUT_MS: '0' }],
    ['LAUREL_REQUEST_TIMEOUT_MS', { LAUREL_REQUEST_TIMEOUT_MS: '5000' }],
    ['LAUREL_KEEP_ALIVE_TIMEOUT_MS', { LAUREL_KEEP_ALIVE_TIMEOUT_MS: '-1' }],
    ['LAUREL_AUTH_FAILURE_LIMIT', { LAUREL_AUTH_FAILURE_LIMIT: 'many' }],
    ['LAUREL_TRUST_PROXY', { LAUREL_TRUST_PROXY: 'nginx' }],
    ['LAUREL_TRUST_PROXY', { LAUREL_TRUST_PROXY: '10.0.0.0/33' }],
    ['LAUREL_TRUST_PROXY', { LAUREL_TRUST_PROXY: 'true' }],
  ])('refuses a bad %s with a message naming it', (variable, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@h/db',
      REDIS_URL: 'redis://h:6379',
      JWT_SECRET: 'x'.repeat(32),
      JWT_ISSUER: 'iss',
      JWT_AUDIENCE: 'aud',
      ADMIN_TOKEN: 'y'.repeat(16),
      RATE_LIMIT_MAX: '10',
      RATE_LIMIT_WINDOW_MS: '1000',
      LAUREL_TEST_CLOCK: '1',
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE: '1',
      DATABASE_POOLER: 'transaction',
    });
    expect(c).toMatchObject({
      databasePooler: 'transaction',
      webhookAllowPrivate: true,
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@h/db',
      redisUrl: 'redis://h:6379',
      jwtIssuer: 'iss',
      jwtAudience: 'aud',
      rateLimitMax: 10,
      rateLimitWindowMs: 1000,
      testClock: true,
      logLevel: 'warn',
    });
  });

  it('assumes no pooler unless DATABASE_POOLER names one', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).databasePooler).toBe('none');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATABASE_POOLER: 'none' }).databasePooler).toBe('none');
    expect(loadConfig({}).databasePooler).toBe('none');
  });

  it('reads CORS_ORIGINS as * or a list of origins, normalised as browsers send them', () => {
    expect(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins).toBe('*');
    expect(loadConfig({ CORS_ORIGINS: ' https://app.example.com/ , http://localhost:5173,' }).corsOrigins).toEqual([
      'https://app.example.com',
      'http://localhost:5173',
    ]);
    expect(loadConfig({ CORS_ORIGINS: 'HTTPS://App.Example.com:443' }).corsOrigins).toEqual(['https://app.example.com']);
    expect(loadConfig({ CORS_ORIGINS: '' }).corsOrigins).toEqual([]);
  });
});
