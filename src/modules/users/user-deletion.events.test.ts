import { beforeEach, expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';

describeBackends('user deletion: with events', (t) => {
  beforeEach(async () => {
    t.configure({ jobPollMs: 0 });
    await t.restart();
    await t.setClock(Date.UTC(2026, 2, 15, 10));
    expect((await t.admin('POST', '/admin/event', { eventId: 'purchase', title: 'Purchase', reward: { default: 10 } })).statusCode).toBe(
      201,
    );
  });

  const send = async (userId: string) =>
    t.inject({
      method: 'POST',
      url: '/event',
      headers: await t.auth(userId),
      payload: { userId, eventId: 'purchase', metadata: { amount: 5 } },
    });

  it('removes events and history, refuses new events while running, and leaves points 0 / userExists false', async () => {
    await t.createUser('alice');
    for (let i = 0; i < 3; i++) expect((await send('alice')).statusCode).toBe(200);
    const headers = await t.auth('alice');
    expect((await t.inject({ method: 'GET', url: '/user/alice/history', headers })).statusCode).toBe(200);

    const { jobId } = (await t.inject({ method: 'DELETE', url: '/user/alice', headers })).json();
    const during = await send('alice');
    expect(during.statusCode).toBe(404);
    expect(during.json().code).toBe('USER_NOT_FOUND');

    await t.app.services.jobs.runUntilIdle();
    // 3 events, 4 event log entries (the 3 events and the refused one), the default board's daily,
    // monthly and window rows (in scale mode also its four Redis board entries: month, 7d, 30d,
    // 365d), 3 ledger rows, the user row (no lots: expiry is off, decision 350).
    const boardEntries = t.backend === 'postgres' ? 3 + 4 : 3;
    expect((await t.admin('GET', `/admin/job/${jobId}`)).json()).toMatchObject({
      status: 'done',
      processed: 3 + 4 + boardEntries + 3 + 1,
    });
    const board = await t.inject({
      method: 'GET',
      url: '/project/default/leaderboard?groupId=default&timeframe=7d',
      headers: await t.auth('bob'),
    });
    expect(board.json().users).toEqual([]);
    expect(await t.app.services.events.countEvents('default', 'alice')).toBe(0);
    expect((await t.inject({ method: 'GET', url: '/user/alice/history', headers })).statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: '/user/alice/points', headers })).json()).toEqual({
      userId: 'alice',
      points: 0,
      userExists: false,
      pending: 0,
      expiring: [],
    });
    expect((await send('alice')).statusCode).toBe(404);
  });
});
