import { expect, it } from 'vitest';
import { describeBackends } from '../helpers/test-app.js';

describeBackends('HTTP basics', (t) => {
  it('strips the prefixes /v0 to /v3 before routing, and serves unprefixed paths', async () => {
    const headers = await t.auth('alice');
    for (const prefix of ['', '/v0', '/v1', '/v2', '/v3']) {
      const res = await t.inject({ method: 'GET', url: `${prefix}/user/alice/points`, headers });
      expect(res.statusCode, prefix).toBe(200);
    }
    expect((await t.inject({ method: 'GET', url: '/v4/user/alice/points', headers })).statusCode).toBe(404);
  });

  it('answers an unknown route with 404 in the error body', async () => {
    const res = await t.inject({ method: 'GET', url: '/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: expect.any(String), code: 'NOT_FOUND' });
  });

  it('answers invalid JSON with 400 INVALID_JSON', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/user',
      headers: { ...(await t.auth('a')), 'content-type': 'application/json' },
      payload: '{"userId": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'INVALID_JSON' });
  });

  it('answers a body over the size limit with 413', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/user',
      headers: { ...(await t.auth('a')), 'content-type': 'application/json' },
      payload: JSON.stringify({ userId: 'a', pad: 'x'.repeat(300_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers schema errors with 400 VALIDATION_ERROR naming the field, and changes nothing', async () => {
    const headers = await t.auth('a');
    const missing = await t.inject({ method: 'POST', url: '/user', headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('userId') });
    const wrongType = await t.inject({ method: 'POST', url: '/user', headers, payload: { userId: 42 } });
    expect(wrongType.statusCode).toBe(400);
    const extra = await t.inject({ method: 'POST', url: '/user', headers, payload: { userId: 'a', admin: true } });
    expect(extra.statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/user/a/points', headers })).json().userExists).toBe(false);
  });

  it('answers 400 for a duplicate user', async () => {
    await t.createUser('dup');
    const res = await t.inject({ method: 'POST', url: '/user', headers: await t.auth('dup'), payload: { userId: 'dup' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'USER_EXISTS' });
  });

  it('answers liveness at /health and readiness with the state of each store at /health/ready', async () => {
    const live = await t.inject({ method: 'GET', url: '/health' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      dialect: t.backend,
      stores: { database: 'ok', redis: t.backend === 'postgres' ? 'ok' : 'disabled' },
    });
  });

  it('counts requests by route and status in /metrics', async () => {
    await t.inject({ method: 'GET', url: '/user/alice/points', headers: await t.auth('alice') });
    const res = await t.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/laurel_http_requests_total\{method="GET",route="\/user\/:userId\/points",status_code="200"\} 1/);
    expect(res.body).toContain('laurel_http_request_duration_seconds_bucket');
  });

  it('shows the PostgreSQL pool in /metrics in scale mode: connections, idle ones, and what waits for one', async () => {
    await t.inject({ method: 'GET', url: '/user/alice/points', headers: await t.auth('alice') });
    const body = (await t.inject({ method: 'GET', url: '/metrics' })).body;
    if (t.backend === 'sqlite') {
      expect(body).not.toContain('laurel_db_pool_');
      return;
    }
    expect(Number(/^laurel_db_pool_connections (\d+)$/m.exec(body)?.[1])).toBeGreaterThanOrEqual(1);
    expect(body).toMatch(/^laurel_db_pool_idle \d+$/m);
    expect(body).toMatch(/^laurel_db_pool_waiting 0$/m);
  });

  it('serves the OpenAPI document and the docs UI', async () => {
    const doc = await t.inject({ method: 'GET', url: '/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/user', '/user/{userId}/points', '/usergroup', '/admin/usergroup', '/admin/apikey', '/admin/project']),
    );
    const ui = await t.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('moves the test clock with PUT /admin/clock and reads it back', async () => {
    await t.setClock(Date.UTC(2030, 5, 1));
    const res = await t.admin('GET', '/admin/clock');
    expect(Math.abs(res.json().now - Date.UTC(2030, 5, 1))).toBeLessThan(5_000);
    expect((await t.inject({ method: 'GET', url: '/admin/clock' })).statusCode).toBe(401);
  });

  it('has no clock routes without LAUREL_TEST_CLOCK', async () => {
    t.configure({ testClock: false });
    await t.restart();
    expect((await t.admin('GET', '/admin/clock')).statusCode).toBe(404);
    expect((await t.admin('PUT', '/admin/clock', { now: 0 })).statusCode).toBe(404);
  });
});
