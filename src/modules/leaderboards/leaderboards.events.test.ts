import { expect, it, vi } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineEvent, sendEvent } from '../events/events.test-factory.js';
import { DAY, JAN_15, getJson, ids } from './leaderboards.test-helpers.js';
import { createRollover } from './leaderboards.sql.js';

describeSharedApp('leaderboards: fed by POST /event', (t) => {
  it('ranks the points of events, for default and the groups in metadata.usergroup, offline events on their day', async () => {
    await t.setClock(JAN_15);
    await defineEvent(t, { eventId: 'buy', type: 'FIXED', reward: { default: 10 } });
    await t.inject({
      method: 'POST',
      url: '/usergroup',
      headers: await t.serviceAuth(),
      payload: { userGroupId: 'vip', title: { default: 'VIP', de: 'VIP' } },
    });
    for (const u of ['amy', 'bob', 'cat']) await t.createUser(u);
    expect((await sendEvent(t, 'amy', { eventId: 'buy', metadata: { usergroup: ['vip'] } })).statusCode).toBe(200);
    await sendEvent(t, 'bob', { eventId: 'buy' });
    await sendEvent(t, 'bob', { eventId: 'buy' });
    await sendEvent(t, 'cat', { eventId: 'buy', timestamp: new Date(JAN_15 - 10 * DAY).toISOString() });

    const week = await getJson(t, `/project/${t.projectId}/leaderboard?groupId=default&timeframe=7d`, 'service');
    expect(week.body.users).toEqual([
      { userId: 'bob', username: 'bob', points: 20, rank: 1 },
      { userId: 'amy', username: 'amy', points: 10, rank: 2 },
    ]);
    const month = await getJson(t, `/project/${t.projectId}/leaderboard?groupId=default&month=2026-01`, 'service');
    expect(ids(month.body.users)).toEqual(['bob', 'cat', 'amy']);
    const vip = await getJson(t, `/project/${t.projectId}/leaderboard?groupId=vip&timeframe=30d`, 'service');
    expect(ids(vip.body.users)).toEqual(['amy']);
    const rank = await getJson(t, '/user/cat/rank', 'cat');
    expect(rank.body.ranks).toEqual({ '7d': { rank: null, points: 0 }, '30d': { rank: 2, points: 10 }, '365d': { rank: 2, points: 10 } });
  });

  it("creates a project's roll-over row on its first batch only, and again when the row is gone (decision 351)", async () => {
    await t.setClock(JAN_15);
    await defineEvent(t, { eventId: 'tap', type: 'FIXED', reward: { default: 5 } });
    await t.createUser('dan');
    const creates = vi.spyOn(createRollover, 'run');
    try {
      for (let i = 0; i < 3; i++) expect((await sendEvent(t, 'dan', { eventId: 'tap' })).statusCode).toBe(200);
      const first = creates.mock.calls.length;
      expect(first).toBeLessThanOrEqual(1);
      await t.app.platform.db.kysely.deleteFrom('leaderboard_rollover').where('project_id', '=', t.projectId).execute();
      expect((await sendEvent(t, 'dan', { eventId: 'tap' })).statusCode).toBe(200);
      expect(await sendEvent(t, 'dan', { eventId: 'tap' })).toMatchObject({ statusCode: 200 });
      expect(creates).toHaveBeenCalledTimes(first + 1);
    } finally {
      creates.mockRestore();
    }
    const week = await getJson(t, `/project/${t.projectId}/leaderboard?groupId=default&timeframe=7d`, 'service');
    expect(week.body.users).toContainEqual({ userId: 'dan', username: 'dan', points: 25, rank: expect.any(Number) });
  });
});
