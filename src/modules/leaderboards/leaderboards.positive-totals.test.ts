import { expect, it } from 'vitest';
import { deleteKeysWithPrefix } from '../../platform/redis.js';
import { describeBackends, type TestContext } from '../../../test/helpers/test-app.js';
import { defineEvent, sendEvent } from '../events/events.test-factory.js';
import { getJson, ids } from './leaderboards.test-helpers.js';

const JAN_15 = Date.UTC(2026, 0, 15, 12);
const FEB_10 = Date.UTC(2026, 1, 10, 12);

async function adjust(t: TestContext, userId: string, points: number): Promise<void> {
  const res = await t.admin('POST', `/admin/user/${userId}/points`, { points, reason: 'correction' });
  if (res.statusCode !== 200 && res.statusCode !== 201) throw new Error(`adjust: ${res.statusCode} ${res.body}`);
}

/** Redis loses every key of the test (a restart without persistence, a flush); SQL keeps the totals. */
async function loseRedis(t: TestContext): Promise<void> {
  const { redisUrl, redisPrefix } = t.storeUrls();
  if (redisUrl) await deleteKeysWithPrefix(redisUrl, redisPrefix);
}

describeBackends('leaderboards rank only positive totals', (t) => {
  const expectUnranked = async (query: string) => {
    const full = await getJson(t, `/project/default/leaderboard?groupId=default&${query}`, 'service');
    expect(ids(full.body.users), query).toEqual(['bob']);
    expect(full.body.total, query).toBe(1);
    const bob = await getJson(t, `/user/bob/leaderboard?groupId=default&${query}`, 'bob');
    expect(ids([...bob.body.topUsers, ...bob.body.usersBefore, ...bob.body.usersAfter]), query).toEqual(['bob']);
    expect(bob.body.total, query).toBe(1);
    return getJson(t, `/user/ann/leaderboard?groupId=default&${query}`, 'ann');
  };

  it('leaves out a user whose month went +5 then −5, and shows points 0 with rank null', async () => {
    await t.setClock(FEB_10);
    await defineEvent(t, { eventId: 'tap', reward: { default: 3 }, limit: null });
    for (const u of ['ann', 'bob']) await t.createUser(u);
    await sendEvent(t, 'bob', { eventId: 'tap' });
    await adjust(t, 'ann', 5);
    await adjust(t, 'ann', -5);
    for (const round of ['live', 'rebuilt']) {
      if (round === 'rebuilt') await loseRedis(t);
      for (const query of ['month=2026-02', 'timeframe=7d']) {
        const ann = await expectUnranked(query);
        expect(ann.body.currentUser, `${round} ${query}`).toEqual({ userId: 'ann', username: 'ann', points: 0, rank: null });
        expect(ann.body.usersAfter).toEqual([]);
      }
    }
  });

  it('leaves out a user whose only entry of the month is a debit, and shows the negative total with rank null', async () => {
    await t.setClock(JAN_15);
    await defineEvent(t, { eventId: 'tap', reward: { default: 10 }, limit: null });
    for (const u of ['ann', 'bob']) await t.createUser(u);
    await sendEvent(t, 'ann', { eventId: 'tap' });
    await t.setClock(FEB_10);
    await sendEvent(t, 'bob', { eventId: 'tap' });
    await adjust(t, 'ann', -4);
    for (const round of ['live', 'rebuilt']) {
      if (round === 'rebuilt') await loseRedis(t);
      for (const query of ['month=2026-02', 'timeframe=7d']) {
        const ann = await expectUnranked(query);
        expect(ann.body.currentUser, `${round} ${query}`).toEqual({ userId: 'ann', username: 'ann', points: -4, rank: null });
      }
      const january = await getJson(t, '/project/default/leaderboard?groupId=default&month=2026-01', 'service');
      expect(january.body.users.map((u: { userId: string; points: number }) => [u.userId, u.points])).toEqual([['ann', 10]]);
    }
  });
});
