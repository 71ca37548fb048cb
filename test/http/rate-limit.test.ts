import { expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { describeBackends } from '../helpers/test-app.js';

describeBackends('rate limiting per principal', (t) => {
  it('answers 429 with Retry-After past RATE_LIMIT_MAX, counting each user separately', async () => {
    t.configure({ rateLimitMax: 3, rateLimitWindowMs: 60_000 });
    await t.restart();
    const alice = await t.auth('alice');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.inject({ method: 'GET', url: '/user/alice/points', headers: alice })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await t.inject({ method: 'GET', url: '/user/alice/points', headers: alice });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'RATE_LIMITED' });
    expect((await t.inject({ method: 'GET', url: '/user/bob/points', headers: await t.auth('bob') })).statusCode).toBe(200);
  });

  it('does not limit the admin API or health checks', async () => {
    t.configure({ rateLimitMax: 1 });
    await t.restart();
    for (let i = 0; i < 3; i++) {
      expect((await t.admin('GET', '/admin/usergroup')).statusCode).toBe(200);
      expect((await t.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    }
  });

  it('shares the counters between instances in scale mode', async () => {
    if (t.backend !== 'postgres') return;
    t.configure({ rateLimitMax: 2 });
    await t.restart();
    const second = await buildApp({ config: t.config(), logger: false });
    try {
      const alice = await t.auth('alice');
      expect((await t.inject({ method: 'GET', url: '/user/alice/points', headers: alice })).statusCode).toBe(200);
      expect((await second.inject({ method: 'GET', url: '/user/alice/points', headers: alice })).statusCode).toBe(200);
      expect((await second.inject({ method: 'GET', url: '/user/alice/points', headers: alice })).statusCode).toBe(429);
      expect((await t.inject({ method: 'GET', url: '/user/alice/points', headers: alice })).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});
