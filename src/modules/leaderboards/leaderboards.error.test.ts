import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { JAN_15, earn, getJson } from './leaderboards.test-helpers.js';

describeSharedApp('leaderboards: errors', (t) => {
  const expectError = (res: { status: number; body: any }, status: number, code?: string) => {
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({
      statusCode: status,
      error: expect.any(String),
      message: expect.any(String),
      code: code ?? expect.any(String),
    });
  };

  it.each([
    ['month and timeframe together', 'groupId=default&month=2026-01&timeframe=7d', 'MONTH_AND_TIMEFRAME'],
    ['neither month nor timeframe', 'groupId=default', 'PERIOD_REQUIRED'],
    ['a month of 13', 'groupId=default&month=2026-13', 'INVALID_MONTH'],
    ['a month without leading zero', 'groupId=default&month=2026-1', 'INVALID_MONTH'],
    ['a date instead of a month', 'groupId=default&month=2026-01-15', 'INVALID_MONTH'],
    ['an unknown timeframe', 'groupId=default&timeframe=14d', 'INVALID_TIMEFRAME'],
    ['a missing groupId', 'timeframe=7d', undefined],
    ['a limit of 0', 'groupId=default&timeframe=7d&limit=0', undefined],
    ['a limit over 1000', 'groupId=default&timeframe=7d&limit=1001', undefined],
    ['a negative offset', 'groupId=default&timeframe=7d&offset=-1', undefined],
    ['a non-numeric limit', 'groupId=default&timeframe=7d&limit=ten', undefined],
  ])('answers 400 to the full board with %s', async (_name, query, code) => {
    expectError(await getJson(t, `/project/${t.projectId}/leaderboard?${query}`, 'service'), 400, code);
  });

  it.each([
    ['month and timeframe together', 'groupId=default&month=2026-01&timeframe=30d'],
    ['neither', 'groupId=default'],
    ['a bad month', 'groupId=default&month=01-2026'],
    ['around over 10', 'groupId=default&timeframe=7d&around=11'],
  ])('answers 400 to the personalized view with %s', async (_name, query) => {
    await t.createUser('amy');
    expectError(await getJson(t, `/user/amy/leaderboard?${query}`, 'amy'), 400);
  });

  it('answers 404 for an unknown group on every read', async () => {
    await t.createUser('amy');
    expectError(await getJson(t, `/project/${t.projectId}/leaderboard?groupId=nope&timeframe=7d`, 'service'), 404, 'USERGROUP_NOT_FOUND');
    expectError(await getJson(t, '/user/amy/leaderboard?groupId=nope&month=2026-01', 'amy'), 404, 'USERGROUP_NOT_FOUND');
    expectError(await getJson(t, '/user/amy/rank?groupId=nope', 'amy'), 404, 'USERGROUP_NOT_FOUND');
  });

  it('answers 404 for an unknown user in the personalized view, the rank and the join', async () => {
    expectError(await getJson(t, '/user/ghost/leaderboard?groupId=default&timeframe=7d', 'ghost'), 404, 'USER_NOT_FOUND');
    expectError(await getJson(t, '/user/ghost/rank', 'ghost'), 404, 'USER_NOT_FOUND');
    const join = await t.inject({
      method: 'POST',
      url: '/user/ghost/leaderboard',
      headers: await t.auth('ghost'),
      payload: { username: 'G' },
    });
    expect(join.statusCode).toBe(404);
  });

  it('answers 404 for a project other than the caller’s', async () => {
    await t.admin('POST', '/admin/project', { projectId: 'other', name: 'Other' });
    expectError(await getJson(t, '/project/other/leaderboard?groupId=default&timeframe=7d', 'service'), 404, 'PROJECT_NOT_FOUND');
    expectError(await getJson(t, '/project/missing/leaderboard?groupId=default&timeframe=7d', 'service'), 404, 'PROJECT_NOT_FOUND');
  });

  it.each([
    ['an empty username', { username: '' }],
    ['a username of 41 characters', { username: 'x'.repeat(41) }],
    ['a non-boolean anonymous', { anonymous: 'yes' }],
    ['an unknown field', { nickname: 'A' }],
  ])('refuses a join with %s and changes nothing', async (_name, payload) => {
    await t.setClock(JAN_15);
    await earn(t, 'amy', 10);
    const res = await t.inject({ method: 'POST', url: '/user/amy/leaderboard', headers: await t.auth('amy'), payload });
    expect(res.statusCode).toBe(400);
    const board = await getJson(t, `/project/${t.projectId}/leaderboard?groupId=default&month=2026-01`, 'service');
    expect(board.body.users).toEqual([{ userId: 'amy', username: 'amy', points: 10, rank: 1 }]);
  });

  it('accepts a username of exactly 40 characters', async () => {
    await t.createUser('amy');
    const res = await t.inject({
      method: 'POST',
      url: '/user/amy/leaderboard',
      headers: await t.auth('amy'),
      payload: { username: 'y'.repeat(40) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: 'amy', username: 'y'.repeat(40), anonymous: false });
  });

  it.each([
    ['month', 'month=2026-01'],
    ['timeframe', 'timeframe=7d'],
    ['both', 'month=2026-01&timeframe=7d'],
  ])('answers 400 INVALID_PARAMETER to the ranks with %s (they would be ignored)', async (_name, query) => {
    await t.createUser('amy');
    expectError(await getJson(t, `/user/amy/rank?groupId=default&${query}`, 'amy'), 400, 'INVALID_PARAMETER');
    expect((await getJson(t, '/user/amy/rank?groupId=default', 'amy')).status).toBe(200);
  });

  it.each([
    ['only spaces', '   '],
    ['a tab', 'Amy\tB'],
    ['a line feed', 'Amy\nB'],
    ['a carriage return', 'Amy\rB'],
    ['a bell (U+0007)', 'Amy\u0007'],
    ['a right-to-left override', 'Amy\u202eB'],
    ['a left-to-right embedding', '\u202aAmy'],
    ['a first-strong isolate', 'Amy\u2068'],
    ['a pop directional isolate', 'Amy\u2069'],
  ])('refuses a display name with %s (400 INVALID_USERNAME) and keeps the old one', async (_name, username) => {
    await t.createUser('amy');
    const headers = await t.auth('amy');
    expect((await t.inject({ method: 'POST', url: '/user/amy/leaderboard', headers, payload: { username: 'Amy' } })).statusCode).toBe(200);
    const res = await t.inject({ method: 'POST', url: '/user/amy/leaderboard', headers, payload: { username } });
    expectError({ status: res.statusCode, body: res.json() }, 400, 'INVALID_USERNAME');
    const again = await t.inject({ method: 'POST', url: '/user/amy/leaderboard', headers, payload: {} });
    expect(again.json().username).toBe('Amy');
  });

  it('trims a display name before it is stored', async () => {
    await t.createUser('amy');
    const res = await t.inject({
      method: 'POST',
      url: '/user/amy/leaderboard',
      headers: await t.auth('amy'),
      payload: { username: '  Amy B ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: 'amy', username: 'Amy B', anonymous: false });
  });
});
