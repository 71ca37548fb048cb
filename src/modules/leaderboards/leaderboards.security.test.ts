import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { JAN_15, earn } from './leaderboards.test-helpers.js';

describeSharedApp('leaderboards: security', (t) => {
  it('needs a token on every route', async () => {
    for (const url of [
      `/project/${t.projectId}/leaderboard?groupId=default&timeframe=7d`,
      '/user/amy/leaderboard?groupId=default&timeframe=7d',
      '/user/amy/rank',
    ]) {
      expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await t.inject({ method: 'POST', url: '/user/amy/leaderboard', payload: {} })).statusCode).toBe(401);
  });

  it('lets a user read and change only its own personalized view, rank and profile', async () => {
    await t.createUser('amy');
    const bob = await t.auth('bob');
    expect((await t.inject({ method: 'GET', url: '/user/amy/leaderboard?groupId=default&timeframe=7d', headers: bob })).statusCode).toBe(
      403,
    );
    expect((await t.inject({ method: 'GET', url: '/user/amy/rank', headers: bob })).statusCode).toBe(403);
    const change = await t.inject({ method: 'POST', url: '/user/amy/leaderboard', headers: bob, payload: { username: 'hacked' } });
    expect(change.statusCode).toBe(403);
    const own = await t.inject({ method: 'POST', url: '/user/amy/leaderboard', headers: await t.auth('amy'), payload: {} });
    expect(own.json()).toEqual({ userId: 'amy', username: 'amy', anonymous: false });
  });

  it('keeps projects apart: a token of another project sees its own empty board', async () => {
    await t.setClock(JAN_15);
    await t.admin('POST', '/admin/project', { projectId: 'other', name: 'Other' });
    await earn(t, 'amy', 10);
    const other = await t.auth('eve', { projectId: 'other', role: 'service' });
    expect(
      (await t.inject({ method: 'GET', url: `/project/${t.projectId}/leaderboard?groupId=default&month=2026-01`, headers: other }))
        .statusCode,
    ).toBe(404);
    const own = await t.inject({ method: 'GET', url: '/project/other/leaderboard?groupId=default&month=2026-01', headers: other });
    expect(own.json()).toEqual({ users: [], total: 0, groupId: 'default', month: '2026-01' });
  });

  it('accepts an API key and the admin token', async () => {
    await t.setClock(JAN_15);
    await earn(t, 'amy', 10);
    const key = (await t.admin('POST', '/admin/apikey', { name: 'reader' })).json().key as string;
    const byKey = await t.inject({
      method: 'GET',
      url: `/project/${t.projectId}/leaderboard?groupId=default&timeframe=7d`,
      headers: { 'x-api-key': key },
    });
    expect(byKey.statusCode).toBe(200);
    expect(byKey.json().total).toBe(1);
    const byAdmin = await t.inject({ method: 'GET', url: '/user/amy/rank', headers: t.adminAuth() });
    expect(byAdmin.json().ranks['7d']).toEqual({ rank: 1, points: 10 });
  });
});
