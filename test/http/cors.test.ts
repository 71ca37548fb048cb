import { expect, it } from 'vitest';
import { describeBackends } from '../helpers/test-app.js';

const APP = 'https://app.example.com';
const preflight = (origin: string, url = '/event') => ({
  method: 'OPTIONS' as const,
  url,
  headers: {
    origin,
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'authorization,content-type,idempotency-key',
  },
});

describeBackends('CORS: browser apps on the origins of CORS_ORIGINS', (t) => {
  it('allows no cross-origin access when CORS_ORIGINS is unset: no CORS headers, OPTIONS is 404', async () => {
    const res = await t.inject(preflight(APP));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'NOT_FOUND' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const get = await t.inject({ method: 'GET', url: '/user/ann/points', headers: { origin: APP, ...(await t.auth('ann')) } });
    expect(get.statusCode).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a preflight from a listed origin without a token, under every version prefix', async () => {
    t.configure({ corsOrigins: [APP, 'http://localhost:5173'] });
    await t.restart();
    for (const url of ['/event', '/v1/event', '/user/ann/survey/s1']) {
      const res = await t.inject(preflight(APP, url));
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(APP);
      expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
      expect(String(res.headers['access-control-allow-methods'])).toContain('PUT');
      const allowed = String(res.headers['access-control-allow-headers']).toLowerCase();
      for (const h of ['authorization', 'content-type', 'idempotency-key', 'x-api-key', 'x-project-id']) expect(allowed).toContain(h);
      expect(res.headers['access-control-max-age']).toBe('600');
      expect(String(res.headers.vary)).toContain('Origin');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('gives no allow-origin to an origin that is not listed', async () => {
    t.configure({ corsOrigins: [APP] });
    await t.restart();
    const res = await t.inject(preflight('https://evil.example.net'));
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const get = await t.inject({
      method: 'GET',
      url: '/user/ann/points',
      headers: { origin: 'https://evil.example.net', ...(await t.auth('ann')) },
    });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('marks real responses, refusals included, so the app can read them, and exposes the paging and rate-limit headers', async () => {
    t.configure({ corsOrigins: [APP] });
    await t.restart();
    const ok = await t.inject({ method: 'GET', url: '/user/ann/points', headers: { origin: APP, ...(await t.auth('ann')) } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe(APP);
    const exposed = String(ok.headers['access-control-expose-headers']).toLowerCase();
    for (const h of ['x-next-cursor', 'retry-after', 'x-ratelimit-remaining', 'x-request-id']) expect(exposed).toContain(h);

    const refused = await t.inject({ method: 'POST', url: '/event', headers: { origin: APP }, payload: { eventId: 'buy', userId: 'ann' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ statusCode: 401, code: 'TOKEN_REQUIRED' });
    expect(refused.headers['access-control-allow-origin']).toBe(APP);
  });

  it('allows every origin with CORS_ORIGINS=*', async () => {
    t.configure({ corsOrigins: '*' });
    await t.restart();
    const res = await t.inject(preflight('https://anywhere.example.org'));
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});
