import { expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { deleteKeysWithPrefix } from '../../platform/redis.js';
import { DAY, JAN_15, earn, getJson, ids, restartAt, useDurableStore } from './leaderboards.test-helpers.js';

describeBackends('leaderboards: happy path', (t) => {
  const board = (query: string) => getJson(t, `/project/default/leaderboard?groupId=default&${query}`, 'service');

  it('ranks the month by points, then the earlier time of reaching them, then userId', async () => {
    await t.setClock(JAN_15);
    await earn(t, 'bob', 50, { at: JAN_15 - 3000 });
    await earn(t, 'amy', 50, { at: JAN_15 - 3000 });
    await earn(t, 'cat', 50, { at: JAN_15 - 5000 });
    await earn(t, 'dan', 20, { at: JAN_15 - 9000 });
    await earn(t, 'dan', 40, { at: JAN_15 - 1000 });
    const res = await board('month=2026-01');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      users: [
        { userId: 'dan', username: 'dan', points: 60, rank: 1 },
        { userId: 'cat', username: 'cat', points: 50, rank: 2 },
        { userId: 'amy', username: 'amy', points: 50, rank: 3 },
        { userId: 'bob', username: 'bob', points: 50, rank: 4 },
      ],
      total: 4,
      groupId: 'default',
      month: '2026-01',
    });
  });

  it('pages the full board with limit and offset and reports the total', async () => {
    await t.setClock(JAN_15);
    for (let i = 1; i <= 12; i++) await earn(t, `u${String(i).padStart(2, '0')}`, i * 10);
    const res = await board('timeframe=7d&limit=5&offset=3');
    expect(res.body.total).toBe(12);
    expect(res.body.timeframe).toBe('7d');
    expect(ids(res.body.users)).toEqual(['u09', 'u08', 'u07', 'u06', 'u05']);
    expect(res.body.users.map((u: { rank: number }) => u.rank)).toEqual([4, 5, 6, 7, 8]);
    const last = await board('timeframe=7d&limit=5&offset=10');
    expect(ids(last.body.users)).toEqual(['u02', 'u01']);
    const past = await board('timeframe=7d&offset=50');
    expect(past.body).toMatchObject({ users: [], total: 12 });
  });

  it('starts a new month empty on the 1st and keeps the past month readable', async () => {
    const jan31 = Date.UTC(2026, 0, 31, 23, 0);
    await t.setClock(jan31);
    await earn(t, 'amy', 30);
    await earn(t, 'bob', 10);
    expect((await board('month=2026-01')).body.total).toBe(2);
    await t.setClock(Date.UTC(2026, 1, 1, 0, 5));
    expect((await board('month=2026-02')).body).toEqual({ users: [], total: 0, groupId: 'default', month: '2026-02' });
    await earn(t, 'bob', 5);
    expect((await board('month=2026-02')).body.users).toEqual([{ userId: 'bob', username: 'bob', points: 5, rank: 1 }]);
    const jan = await board('month=2026-01');
    expect(jan.body.users).toEqual([
      { userId: 'amy', username: 'amy', points: 30, rank: 1 },
      { userId: 'bob', username: 'bob', points: 10, rank: 2 },
    ]);
  });

  it('counts an offline event for its own day: 8 days old is in 30d and 365d, not in 7d', async () => {
    await t.setClock(JAN_15);
    await earn(t, 'old', 40, { at: JAN_15 - 8 * DAY });
    await earn(t, 'new', 10);
    expect(ids((await board('timeframe=7d')).body.users)).toEqual(['new']);
    expect(ids((await board('timeframe=30d')).body.users)).toEqual(['old', 'new']);
    expect(ids((await board('timeframe=365d')).body.users)).toEqual(['old', 'new']);
    expect((await board('month=2026-01')).body.total).toBe(2);
  });

  it('moves the windows as days pass: a day leaves 7d after 7 days and 30d after 30', async () => {
    await t.setClock(JAN_15);
    await earn(t, 'amy', 10);
    await t.setClock(JAN_15 + 6 * DAY);
    await earn(t, 'bob', 5);
    expect(ids((await board('timeframe=7d')).body.users)).toEqual(['amy', 'bob']);
    await t.setClock(JAN_15 + 7 * DAY);
    expect((await board('timeframe=7d')).body.users).toEqual([{ userId: 'bob', username: 'bob', points: 5, rank: 1 }]);
    expect(ids((await board('timeframe=30d')).body.users)).toEqual(['amy', 'bob']);
    await t.setClock(JAN_15 + 30 * DAY);
    expect(ids((await board('timeframe=30d')).body.users)).toEqual(['bob']);
    expect(ids((await board('timeframe=365d')).body.users)).toEqual(['amy', 'bob']);
    await t.setClock(JAN_15 + 400 * DAY);
    expect((await board('timeframe=365d')).body.total).toBe(0);
  });

  it('rolls the windows once however often rollOver runs, also across a restart', async () => {
    await useDurableStore(t);
    await t.setClock(JAN_15);
    await earn(t, 'amy', 10, { at: JAN_15 - 2 * DAY });
    await earn(t, 'amy', 7);
    await earn(t, 'bob', 8);
    const later = JAN_15 + 5 * DAY;
    await t.setClock(later);
    await t.app.services.leaderboards.rollOver(later);
    await t.app.services.leaderboards.rollOver(later);
    await restartAt(t, later);
    await t.app.services.leaderboards.rollOver(later);
    expect((await board('timeframe=7d')).body.users).toEqual([
      { userId: 'bob', username: 'bob', points: 8, rank: 1 },
      { userId: 'amy', username: 'amy', points: 7, rank: 2 },
    ]);
    expect((await board('timeframe=30d')).body.users[0]).toEqual({ userId: 'amy', username: 'amy', points: 17, rank: 1 });
  });

  it('counts an event for default and for every group it names', async () => {
    await t.setClock(JAN_15);
    const created = await t.inject({
      method: 'POST',
      url: '/usergroup',
      headers: await t.serviceAuth(),
      payload: { userGroupId: 'vip', title: { default: 'VIP', de: 'VIP' } },
    });
    expect(created.statusCode).toBe(201);
    await earn(t, 'amy', 10, { groups: ['vip'] });
    await earn(t, 'bob', 20);
    const vip = await getJson(t, '/project/default/leaderboard?groupId=vip&month=2026-01', 'service');
    expect(vip.body.users).toEqual([{ userId: 'amy', username: 'amy', points: 10, rank: 1 }]);
    expect(ids((await board('month=2026-01')).body.users)).toEqual(['bob', 'amy']);
  });

  it('shows the personalized view: top 3, two before, two after, and `around`', async () => {
    await t.setClock(JAN_15);
    for (let i = 1; i <= 10; i++) await earn(t, `u${String(i).padStart(2, '0')}`, 1000 - i * 10);
    const res = await getJson(t, '/user/u06/leaderboard?groupId=default&timeframe=30d', 'u06');
    expect(res.status).toBe(200);
    expect(ids(res.body.topUsers)).toEqual(['u01', 'u02', 'u03']);
    expect(res.body.usersBefore).toEqual([
      { userId: 'u04', username: 'u04', points: 960, rank: 4 },
      { userId: 'u05', username: 'u05', points: 950, rank: 5 },
    ]);
    expect(res.body.currentUser).toEqual({ userId: 'u06', username: 'u06', points: 940, rank: 6 });
    expect(ids(res.body.usersAfter)).toEqual(['u07', 'u08']);
    const wide = await getJson(t, '/user/u06/leaderboard?groupId=default&timeframe=30d&around=10', 'u06');
    expect(ids(wide.body.usersBefore)).toEqual(['u01', 'u02', 'u03', 'u04', 'u05']);
    expect(ids(wide.body.usersAfter)).toEqual(['u07', 'u08', 'u09', 'u10']);
    const top = await getJson(t, '/user/u01/leaderboard?groupId=default&month=2026-01', 'u01');
    expect(top.body.currentUser.rank).toBe(1);
    expect(ids(top.body.topUsers)).toEqual(['u01', 'u02', 'u03']);
    expect(top.body.usersBefore).toEqual([]);
  });

  it('gives a user without points in the period points 0, rank null and no usersAfter', async () => {
    await t.setClock(JAN_15);
    await earn(t, 'amy', 30);
    await earn(t, 'bob', 20);
    await earn(t, 'cat', 10);
    await t.createUser('zed');
    const res = await getJson(t, '/user/zed/leaderboard?groupId=default&timeframe=7d', 'zed');
    expect(res.status).toBe(200);
    expect(res.body.currentUser).toEqual({ userId: 'zed', username: 'zed', points: 0, rank: null });
    expect(res.body.usersAfter).toEqual([]);
    expect(ids(res.body.usersBefore)).toEqual(['bob', 'cat']);
    expect(ids(res.body.topUsers)).toEqual(['amy', 'bob', 'cat']);
  });

  it('joins with a display name and shows anonymous users as null / Anonymous to others only', async () => {
    await t.setClock(JAN_15);
    await earn(t, 'amy', 30);
    await earn(t, 'bob', 20);
    const join = await t.inject({
      method: 'POST',
      url: '/user/amy/leaderboard',
      headers: await t.auth('amy'),
      payload: { username: 'Amelia', anonymous: true },
    });
    expect(join.statusCode).toBe(200);
    expect(join.json()).toEqual({ userId: 'amy', username: 'Amelia', anonymous: true });
    const renamed = await t.inject({
      method: 'POST',
      url: '/user/bob/leaderboard',
      headers: await t.auth('bob'),
      payload: { username: 'Bobby' },
    });
    expect(renamed.json()).toEqual({ userId: 'bob', username: 'Bobby', anonymous: false });
    const bobView = await getJson(t, '/user/bob/leaderboard?groupId=default&month=2026-01', 'bob');
    expect(bobView.body.topUsers).toEqual([
      { userId: null, username: 'Anonymous', points: 30, rank: 1 },
      { userId: 'bob', username: 'Bobby', points: 20, rank: 2 },
    ]);
    expect(bobView.body.usersBefore).toEqual([{ userId: null, username: 'Anonymous', points: 30, rank: 1 }]);
    const amyView = await getJson(t, '/user/amy/leaderboard?groupId=default&month=2026-01', 'amy');
    expect(amyView.body.currentUser).toEqual({ userId: 'amy', username: 'Amelia', points: 30, rank: 1 });
    expect(amyView.body.topUsers[0]).toEqual({ userId: 'amy', username: 'Amelia', points: 30, rank: 1 });
    const full = await board('month=2026-01');
    expect(full.body.users[0]).toEqual({ userId: 'amy', username: 'Amelia', points: 30, rank: 1 });
  });

  it('treats POST /user/{userId}/leaderboard with no body at all as {}', async () => {
    await t.createUser('amy');
    const headers = await t.auth('amy');
    const bare = await t.inject({ method: 'POST', url: '/user/amy/leaderboard', headers });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json()).toEqual({ userId: 'amy', username: 'amy', anonymous: false });
    await t.inject({ method: 'POST', url: '/user/amy/leaderboard', headers, payload: { username: 'Amelia' } });
    // Some clients always declare JSON, even with nothing to send; the name stays as it was.
    const declared = await t.inject({
      method: 'POST',
      url: '/user/amy/leaderboard',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json()).toEqual({ userId: 'amy', username: 'Amelia', anonymous: false });
  });

  it('answers the rank in all three windows at once', async () => {
    await t.setClock(JAN_15);
    await earn(t, 'amy', 100, { at: JAN_15 - 20 * DAY });
    await earn(t, 'bob', 50);
    await earn(t, 'amy', 10);
    const res = await getJson(t, '/user/amy/rank?groupId=default', 'amy');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      userId: 'amy',
      groupId: 'default',
      ranks: { '7d': { rank: 2, points: 10 }, '30d': { rank: 1, points: 110 }, '365d': { rank: 1, points: 110 } },
    });
    await t.createUser('zed');
    const none = await getJson(t, '/user/zed/rank', 'zed');
    expect(none.body.ranks['7d']).toEqual({ rank: null, points: 0 });
  });

  it('answers the three ranks from SQL again when the index lost the boards (Redis flushed)', async () => {
    await t.setClock(JAN_15);
    await earn(t, 'amy', 100, { at: JAN_15 - 20 * DAY });
    await earn(t, 'bob', 50);
    await earn(t, 'amy', 10);
    const expected = { '7d': { rank: 2, points: 10 }, '30d': { rank: 1, points: 110 }, '365d': { rank: 1, points: 110 } };
    expect((await getJson(t, '/user/amy/rank', 'amy')).body.ranks).toEqual(expected);
    const redis = t.app.platform.redis;
    if (redis) await deleteKeysWithPrefix(t.config().redisUrl!, `${redis.prefix}lb:`);
    expect((await getJson(t, '/user/amy/rank', 'amy')).body.ranks).toEqual(expected);
    expect((await getJson(t, '/user/bob/rank', 'bob')).body.ranks['7d']).toEqual({ rank: 1, points: 50 });
  });

  it('rebuilds the index from SQL after a restart', async () => {
    await useDurableStore(t);
    await t.setClock(JAN_15);
    await earn(t, 'amy', 10);
    await earn(t, 'bob', 20);
    await restartAt(t, JAN_15 + 1000);
    expect(ids((await board('timeframe=7d')).body.users)).toEqual(['bob', 'amy']);
    await earn(t, 'amy', 15);
    expect(ids((await board('month=2026-01')).body.users)).toEqual(['amy', 'bob']);
  });

  it('loads a board again from SQL when the index lost it (Redis flushed)', async () => {
    await t.setClock(JAN_15);
    await earn(t, 'amy', 10);
    await earn(t, 'bob', 20);
    expect(ids((await board('timeframe=30d')).body.users)).toEqual(['bob', 'amy']);
    const redis = t.app.platform.redis;
    if (redis) await deleteKeysWithPrefix(t.config().redisUrl!, `${redis.prefix}lb:`);
    expect(ids((await board('timeframe=30d')).body.users)).toEqual(['bob', 'amy']);
    expect((await getJson(t, '/user/amy/rank', 'amy')).body.ranks['7d']).toEqual({ rank: 2, points: 10 });
    await earn(t, 'amy', 15);
    expect(ids((await board('month=2026-01')).body.users)).toEqual(['amy', 'bob']);
  });

  it('removes a deleted user from every board', async () => {
    await t.setClock(JAN_15);
    await earn(t, 'amy', 10, { at: JAN_15 - 40 * DAY });
    await earn(t, 'amy', 10);
    await earn(t, 'bob', 20);
    expect((await board('timeframe=7d')).body.total).toBe(2);
    const lb = t.app.services.leaderboards;
    let calls = 0;
    while ((await lb.deleteUserData('default', 'amy', 2)) > 0) calls++;
    expect(calls).toBeGreaterThan(2);
    expect(ids((await board('timeframe=7d')).body.users)).toEqual(['bob']);
    expect(ids((await board('month=2026-01')).body.users)).toEqual(['bob']);
    expect((await board('month=2025-12')).body.total).toBe(0);
    expect(await lb.deleteUserData('default', 'amy', 2)).toBe(0);
  });
});
