import { expect, it } from 'vitest';
import { describeBackends, signToken, TEST_ADMIN_TOKEN, TEST_JWT_SECRET, type TestContext } from '../helpers/test-app.js';

type LogLine = Record<string, unknown> & { msg: string };

function requestLines(lines: string[]): LogLine[] {
  return lines.map((l) => JSON.parse(l) as LogLine).filter((l) => l.msg === 'request');
}

async function capture(t: TestContext, level = 'info'): Promise<string[]> {
  const lines = t.captureLogs(level);
  await t.restart();
  return lines;
}

describeBackends('structured logs: one line per request, never a secret', (t) => {
  it('writes one line per request with request id, principal kind, project, route, status and duration', async () => {
    const lines = await capture(t);
    await t.createUser('ann');
    const res = await t.inject({
      method: 'GET',
      url: '/v1/user/ann/points',
      headers: { ...(await t.auth('ann')), 'x-request-id': 'trace-42' },
    });
    expect(res.headers['x-request-id']).toBe('trace-42');
    const anon = await t.inject({ method: 'GET', url: '/user/ann/points' });
    await t.inject({ method: 'GET', url: '/admin/event', headers: t.adminAuth() });

    const logged = requestLines(lines);
    expect(logged).toHaveLength(4);
    expect(logged[0]).toMatchObject({ method: 'POST', route: '/user', status: 201, principal: 'user', project: 'default' });
    expect(logged[1]).toMatchObject({
      reqId: 'trace-42',
      method: 'GET',
      route: '/user/:userId/points',
      status: 200,
      principal: 'user',
      project: 'default',
      level: 30,
    });
    expect(logged[2]).toMatchObject({
      reqId: anon.headers['x-request-id'],
      route: '/user/:userId/points',
      status: 401,
      principal: 'anonymous',
      project: null,
    });
    expect(logged[3]).toMatchObject({ route: '/admin/event', status: 200, principal: 'admin', project: 'default' });
    for (const line of logged) {
      expect(typeof line.durationMs).toBe('number');
      expect(typeof line.reqId).toBe('string');
      expect(typeof line.time).toBe('number');
    }
    // The raw URL (user ids, query values) is not logged, only the route pattern.
    expect(lines.join('\n')).not.toContain('/v1/user/ann/points');
  });

  it('replaces a request id that is not a sane token with a new one', async () => {
    const lines = await capture(t);
    const res = await t.inject({
      method: 'GET',
      url: '/user/ann/points',
      headers: { ...(await t.auth('ann')), 'x-request-id': 'bad id\twith spaces' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLines(lines)[0]!.reqId).toBe(res.headers['x-request-id']);
  });

  it('logs health probes at debug level only', async () => {
    const lines = await capture(t, 'info');
    await t.inject({ method: 'GET', url: '/health' });
    expect(requestLines(lines)).toHaveLength(0);
    const debug = await capture(t, 'debug');
    await t.inject({ method: 'GET', url: '/health' });
    expect(requestLines(debug)).toMatchObject([{ route: '/health', principal: 'anonymous', level: 20 }]);
  });

  it('never logs tokens, API keys, the admin token or the JWT secret, even at trace level and on refusals', async () => {
    const lines = await capture(t, 'trace');
    const userToken = await signToken({ sub: 'ann' });
    const serviceToken = await signToken({ sub: 'shop', role: 'service' });
    const forged = (await signToken({ sub: 'eve' })).slice(0, -4) + 'AAAA';
    const created = await t.admin('POST', '/admin/apikey', { name: 'backend' });
    const apiKey = created.json().key as string;
    await t.admin('POST', '/admin/event', { eventId: 'buy', title: 'Buy', reward: { default: 1 } });

    await t.inject({ method: 'POST', url: '/user', headers: { authorization: `Bearer ${userToken}` }, payload: { userId: 'ann' } });
    await t.inject({ method: 'POST', url: '/event', headers: { 'x-api-key': apiKey }, payload: { eventId: 'buy', userId: 'ann' } });
    await t.inject({
      method: 'POST',
      url: '/event',
      headers: { authorization: `Bearer ${serviceToken}` },
      payload: { eventId: 'buy', userId: 'ann' },
    });
    await t.inject({ method: 'GET', url: '/user/ann/points', headers: { authorization: `Bearer ${forged}` } });
    await t.inject({ method: 'POST', url: '/event', headers: { 'x-api-key': `${apiKey}x` }, payload: { eventId: 'buy', userId: 'ann' } });
    await t.inject({ method: 'GET', url: '/admin/event', headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}x` } });

    const text = lines.join('\n');
    expect(requestLines(lines).length).toBeGreaterThanOrEqual(8);
    for (const secret of [userToken, serviceToken, forged, apiKey, TEST_ADMIN_TOKEN, TEST_JWT_SECRET]) {
      expect(text).not.toContain(secret);
      // Not even the signature part of a token.
      expect(text).not.toContain(secret.split('.').at(-1)!);
    }
  });
});
