import { describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../app.js';
import { InvalidationBus } from '../../platform/bus.js';
import { describeBackends, type TestContext } from '../../../test/helpers/test-app.js';
import { AuthFailureLimiter, LocalFailureCounter } from './auth-failures.js';

/** Failed authentication is rate limited per client address (decision 214). */
const BAD = { authorization: 'Bearer not-a-token' };

function from(t: TestContext, remoteAddress: string, options: InjectOptions): Promise<LightMyRequestResponse> {
  return t.inject({ ...options, remoteAddress });
}

async function failTimes(t: TestContext, n: number, remoteAddress: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < n; i++) {
    const res = await from(t, remoteAddress, { method: 'GET', url: '/user/alice/points', headers: { ...BAD, ...headers } });
    expect(res.statusCode, `failure ${i + 1}`).toBe(401);
  }
}

describeBackends('failed authentication is rate limited per address', (t) => {
  it('answers 429 with Retry-After to an address after 20 failures in a minute, whatever it sends, and not to others', async () => {
    t.configure({ authFailureLimit: 20 });
    await t.restart();
    const alice = await t.auth('alice');
    await failTimes(t, 20, '203.0.113.7');
    for (const request of [
      { method: 'GET', url: '/user/alice/points', headers: alice },
      { method: 'GET', url: '/user/alice/points', headers: BAD },
      { method: 'GET', url: '/admin/project', headers: t.adminAuth() },
      { method: 'POST', url: '/event', headers: { 'x-api-key': 'lrl_nothing' }, payload: { eventId: 'x', userId: 'alice' } },
    ] as InjectOptions[]) {
      const res = await from(t, '203.0.113.7', request);
      expect(res.statusCode, request.url as string).toBe(429);
      expect(res.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'AUTH_FAILURES_LIMITED' });
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Public routes stay open; other addresses are not affected.
    expect((await from(t, '203.0.113.7', { method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect((await from(t, '203.0.113.8', { method: 'GET', url: '/user/alice/points', headers: alice })).statusCode).toBe(200);
    expect((await from(t, '203.0.113.8', { method: 'GET', url: '/user/alice/points', headers: BAD })).statusCode).toBe(401);
  });

  it('counts a wrong admin token and a wrong API key as failures, and only failures', async () => {
    t.configure({ authFailureLimit: 3 });
    await t.restart();
    const alice = await t.auth('alice');
    for (let i = 0; i < 10; i++) {
      expect((await from(t, '198.51.100.1', { method: 'GET', url: '/user/alice/points', headers: alice })).statusCode).toBe(200);
    }
    expect((await from(t, '198.51.100.1', { method: 'GET', url: '/admin/project', headers: BAD })).statusCode).toBe(401);
    const apiKey = {
      method: 'POST',
      url: '/usergroup',
      headers: { 'x-api-key': 'lrl_guess' },
      payload: { title: { default: 'G', de: 'G' } },
    };
    expect((await from(t, '198.51.100.1', apiKey as InjectOptions)).statusCode).toBe(401);
    expect((await from(t, '198.51.100.1', { method: 'GET', url: '/user/alice/points' })).statusCode).toBe(401);
    expect((await from(t, '198.51.100.1', { method: 'GET', url: '/user/alice/points', headers: alice })).statusCode).toBe(429);
  });

  it('is off with LAUREL_AUTH_FAILURE_LIMIT=0', async () => {
    t.configure({ authFailureLimit: 0 });
    await t.restart();
    await failTimes(t, 30, '203.0.113.9');
    expect((await from(t, '203.0.113.9', { method: 'GET', url: '/user/alice/points', headers: await t.auth('alice') })).statusCode).toBe(
      200,
    );
  });

  it('counts the client a trusted proxy forwards, and ignores X-Forwarded-For from anyone else', async () => {
    t.configure({ authFailureLimit: 5, trustProxy: ['10.0.0.2'] });
    await t.restart();
    const alice = await t.auth('alice');
    // Behind the proxy: one client is blocked, the others it forwards are not.
    await failTimes(t, 5, '10.0.0.2', { 'x-forwarded-for': '192.0.2.10' });
    const viaProxy = (client: string) =>
      from(t, '10.0.0.2', { method: 'GET', url: '/user/alice/points', headers: { ...alice, 'x-forwarded-for': client } });
    expect((await viaProxy('192.0.2.10')).statusCode).toBe(429);
    expect((await viaProxy('192.0.2.11')).statusCode).toBe(200);
    // A client that is not the proxy cannot choose its address by sending the header.
    await failTimes(t, 5, '192.0.2.99', { 'x-forwarded-for': '192.0.2.50' });
    const direct = (forwarded: string) =>
      from(t, '192.0.2.99', { method: 'GET', url: '/user/alice/points', headers: { ...alice, 'x-forwarded-for': forwarded } });
    expect((await direct('192.0.2.51')).statusCode).toBe(429);
    expect((await viaProxy('192.0.2.50')).statusCode).toBe(200);
  });

  it('adds up the failures of every instance in scale mode', async () => {
    if (t.backend !== 'postgres') return;
    t.configure({ authFailureLimit: 6 });
    await t.restart();
    const second = await buildApp({ config: t.config(), logger: false });
    await second.ready();
    try {
      const alice = await t.auth('alice');
      for (let i = 0; i < 3; i++) {
        expect((await from(t, '203.0.113.20', { method: 'GET', url: '/user/alice/points', headers: BAD })).statusCode).toBe(401);
        const res = await second.inject({ method: 'GET', url: '/user/alice/points', headers: BAD, remoteAddress: '203.0.113.20' });
        expect(res.statusCode).toBe(401);
      }
      // The instance that counted the sixth failure told the other one on the bus.
      for (const app of [t.app, second]) {
        let status = 0;
        for (let tries = 0; tries < 40 && status !== 429; tries++) {
          if (tries > 0) await new Promise((r) => setTimeout(r, 50));
          status = (await app.inject({ method: 'GET', url: '/user/alice/points', headers: alice, remoteAddress: '203.0.113.20' }))
            .statusCode;
        }
        expect(status).toBe(429);
      }
    } finally {
      await second.close();
    }
  });
});

describe('the auth failure limiter', () => {
  it('blocks an address from the failure that reaches the limit until its window ends', async () => {
    const bus = new InvalidationBus(null, { warn: () => undefined } as never);
    const limiter = new AuthFailureLimiter(3, new LocalFailureCounter(), bus, 200);
    for (let i = 0; i < 2; i++) await limiter.failed('a');
    expect(limiter.retryAfterMs('a')).toBeNull();
    await limiter.failed('a');
    expect(limiter.retryAfterMs('a')).toBeGreaterThan(0);
    expect(limiter.retryAfterMs('a')).toBeLessThanOrEqual(200);
    expect(limiter.retryAfterMs('b')).toBeNull();
    await new Promise((r) => setTimeout(r, 250));
    expect(limiter.retryAfterMs('a')).toBeNull();
    // A new window starts from the next failure.
    await limiter.failed('a');
    expect(limiter.retryAfterMs('a')).toBeNull();
  });
});
