import { expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineEvent } from '../events/events.test-factory.js';
import { earn, JAN_15 } from './leaderboards.test-helpers.js';

/**
 * A full board page is built once per version of its board and served as text while the version
 * stands; it is never older than a change acknowledged to its sender (decision 072).
 */
describeSharedApp('leaderboards: the full page is served from its board version', (t) => {
  const page = async (app = t.app, query = 'groupId=default&timeframe=7d') =>
    (await app.inject({ method: 'GET', url: `/project/${t.projectId}/leaderboard?${query}`, headers: await t.serviceAuth() })).json() as {
      users: Array<{ userId: string; username: string; points: number; rank: number }>;
      total: number;
    };

  it('shows an acknowledged event at once, and the same page again while nothing changed', async () => {
    await t.setClock(JAN_15);
    await defineEvent(t, { eventId: 'buy', reward: { default: 10 } });
    await earn(t, 'ann', 30);
    await earn(t, 'bob', 20);
    const first = await page();
    expect(first.users.map((u) => [u.userId, u.points])).toEqual([
      ['ann', 30],
      ['bob', 20],
    ]);
    expect(await page()).toEqual(first);
    const sent = await t.inject({
      method: 'POST',
      url: '/event',
      headers: await t.auth('bob'),
      payload: { userId: 'bob', eventId: 'buy' },
    });
    expect(sent.statusCode).toBe(200);
    // Once the sender has its answer, every reader sees the new board.
    const after = await page();
    expect(after.users.map((u) => [u.userId, u.points, u.rank])).toEqual([
      ['ann', 30, 1],
      ['bob', 30, 2],
    ]);
    expect((await page(t.app, 'groupId=default&month=2026-01')).users[1]).toMatchObject({ userId: 'bob', points: 30 });
  });

  it('shows a new display name and leaves out a deleted user', async () => {
    await t.setClock(JAN_15);
    await earn(t, 'ann', 30);
    await earn(t, 'bob', 20);
    expect((await page()).users[1]).toMatchObject({ userId: 'bob', username: 'bob' });
    const renamed = await t.inject({
      method: 'POST',
      url: '/user/bob/leaderboard',
      headers: await t.auth('bob'),
      payload: { username: 'Bobby' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await page()).users[1]).toMatchObject({ userId: 'bob', username: 'Bobby' });
    const deleted = await t.inject({ method: 'DELETE', url: '/user/ann', headers: await t.auth('ann') });
    expect(deleted.statusCode).toBe(200);
    await t.app.services.jobs.runUntilIdle();
    expect((await page()).users.map((u) => u.userId)).toEqual(['bob']);
  });

  it('shows what another instance committed (scale mode: the version is shared through Redis)', async () => {
    if (t.backend !== 'postgres') return;
    await t.setClock(JAN_15);
    await defineEvent(t, { eventId: 'buy', reward: { default: 10 } });
    await earn(t, 'ann', 30);
    await earn(t, 'bob', 20);
    const other = await buildApp({ config: t.config(), logger: false });
    try {
      expect((await page()).users[0]).toMatchObject({ userId: 'ann', points: 30 });
      expect((await page(other)).users[0]).toMatchObject({ userId: 'ann', points: 30 });
      for (let i = 0; i < 2; i++) {
        const sent = await other.inject({
          method: 'POST',
          url: '/event',
          headers: await t.auth('bob'),
          payload: { userId: 'bob', eventId: 'buy' },
        });
        expect(sent.statusCode).toBe(200);
      }
      expect((await page()).users.map((u) => [u.userId, u.points])).toEqual([
        ['bob', 40],
        ['ann', 30],
      ]);
    } finally {
      await other.close();
    }
  });
});
