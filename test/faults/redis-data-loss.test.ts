import { expect, it } from 'vitest';
import { deleteKeysWithPrefix } from '../../src/platform/redis.js';
import { describeBackends } from '../helpers/test-app.js';
import { defineEvent, sendEvent } from '../../src/modules/events/events.test-factory.js';

/**
 * Finding 4 of the fault review: a user deleted after Redis lost its data stayed on the boards of a
 * running instance, which remembered having listed the boards and did not list them again.
 */
describeBackends('leaderboards after Redis lost its data', (t) => {
  it('removes a deleted user from every board, also from boards written again after the loss', async () => {
    await defineEvent(t, { eventId: 'tap', reward: { default: 3 }, limit: null });
    for (const u of ['ann', 'bob']) await t.createUser(u);
    const board = async (query: string) =>
      (await t.inject({ method: 'GET', url: `/project/default/leaderboard?groupId=default&${query}`, headers: await t.auth('bob') })).json()
        .users as Array<{ userId: string }>;
    expect((await sendEvent(t, 'ann', { eventId: 'tap' })).statusCode).toBe(200);
    expect((await sendEvent(t, 'bob', { eventId: 'tap' })).statusCode).toBe(200);
    expect(await board('timeframe=7d')).toHaveLength(2);

    // Redis loses everything (a restart without persistence, a flush) while the instance runs.
    const { redisUrl, redisPrefix } = t.storeUrls();
    if (redisUrl) await deleteKeysWithPrefix(redisUrl, redisPrefix);
    expect((await sendEvent(t, 'ann', { eventId: 'tap' })).statusCode).toBe(200);
    const month = new Date(t.app.platform.clock.now()).toISOString().slice(0, 7);
    for (const q of ['timeframe=7d', 'timeframe=30d', 'timeframe=365d', `month=${month}`]) {
      expect((await board(q)).map((e) => e.userId).sort(), q).toEqual(['ann', 'bob']);
    }

    expect((await t.inject({ method: 'DELETE', url: '/user/ann', headers: await t.auth('ann') })).statusCode).toBe(200);
    await t.app.services.jobs.runUntilIdle();
    for (const q of ['timeframe=7d', 'timeframe=30d', 'timeframe=365d', `month=${month}`]) {
      expect(
        (await board(q)).map((e) => e.userId),
        q,
      ).toEqual(['bob']);
    }
  });
});
