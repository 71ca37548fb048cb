import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';

/** Refusals of the live routes, before any stream opens (so app.inject can read them): a 4xx with the error body. */
describeSharedApp('live streams: refusals', (t) => {
  const get = async (url: string, headers: Record<string, string>) => {
    const res = await t.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json() };
  };

  it('refuses a user token for another user’s stream or stream token (403)', async () => {
    const headers = await t.auth('ann');
    expect(await get('/user/bob/stream', headers)).toMatchObject({ status: 403, body: { statusCode: 403, code: 'FORBIDDEN_USER' } });
    const res = await t.inject({ method: 'POST', url: '/user/bob/stream-token', headers });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a stream without credentials, or with a token that is unknown (401)', async () => {
    expect(await get('/user/ann/stream', {})).toMatchObject({ status: 401, body: { code: 'TOKEN_REQUIRED' } });
    expect(await get('/user/ann/stream?token=nope', {})).toMatchObject({ status: 401, body: { code: 'INVALID_STREAM_TOKEN' } });
    // A stream token opens streams only: elsewhere it is no credential.
    const { token } = (await t.inject({ method: 'POST', url: '/user/ann/stream-token', headers: await t.auth('ann') })).json();
    expect(await get(`/user/ann/points?token=${token}`, {})).toMatchObject({ status: 401 });
  });

  it('refuses boards that are not group:period, more than 4 of them, repeats, or an unknown group', async () => {
    const headers = await t.auth('ann');
    for (const boards of ['default', 'default:1d', 'default:7d,default:7d', 'a:7d,b:7d,c:7d,d:7d,e:7d', 'de fault:7d']) {
      const res = await get(`/user/ann/stream?boards=${encodeURIComponent(boards)}`, headers);
      expect(res, boards).toMatchObject({ status: 400, body: { statusCode: 400, code: 'INVALID_PARAMETER' } });
    }
    const unknown = await get('/user/ann/stream?boards=nogroup:7d', headers);
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
  });

  it('refuses a board stream of another project, without a period, or over 100 entries', async () => {
    const headers = await t.serviceAuth();
    expect(await get('/project/other/leaderboard/stream?groupId=default&timeframe=7d', headers)).toMatchObject({ status: 404 });
    expect(await get(`/project/${t.projectId}/leaderboard/stream?groupId=default`, headers)).toMatchObject({
      status: 400,
      body: { code: 'PERIOD_REQUIRED' },
    });
    expect(await get(`/project/${t.projectId}/leaderboard/stream?groupId=default&timeframe=7d&limit=101`, headers)).toMatchObject({
      status: 400,
    });
    expect(await get(`/project/${t.projectId}/leaderboard/stream?groupId=default&timeframe=1d`, headers)).toMatchObject({
      status: 400,
      body: { code: 'INVALID_TIMEFRAME' },
    });
  });
});
