import { expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { sendEvent } from '../events/events.test-factory.js';
import { archive, january } from './seasons.test-factory.js';

/**
 * An archived board's size is kept beside it (decision 332), not counted on every page: it must stay
 * right when a user's deletion removes the user's archived entries, in every board the user was on.
 */
describeBackends('seasons: the archived board keeps its size', (t) => {
  it('answers total and archivedAt from the kept size, and takes a deleted user off every board it was on', async () => {
    await january(t, { ann: 3, bob: 2, cy: 1 });
    await t.admin('POST', '/admin/usergroup', { userGroupId: 'vip', title: { default: 'VIP', de: 'VIP' } });
    expect((await sendEvent(t, 'bob', { eventId: 'buy', metadata: { usergroup: 'vip' } })).statusCode).toBe(200);
    await t.setClock(Date.UTC(2026, 1, 1, 0, 5));
    await t.app.services.jobs.runUntilIdle();
    const before = (await archive(t, 'month=2026-01&groupId=default&limit=2')).json();
    expect(before).toMatchObject({ total: 3, archivedAt: expect.any(Number) });
    expect(before.users.map((u: { userId: string }) => u.userId)).toEqual(['ann', 'bob']);
    expect((await archive(t, 'month=2026-01&groupId=vip')).json()).toMatchObject({ total: 1, users: [{ userId: 'bob' }] });

    const deletion = await t.inject({ method: 'DELETE', url: '/user/bob', headers: await t.serviceAuth() });
    expect(deletion.statusCode).toBe(200);
    await t.app.services.jobs.runUntilIdle();

    const after = (await archive(t, 'month=2026-01&groupId=default')).json();
    expect(after).toMatchObject({ total: 2, archivedAt: before.archivedAt });
    expect(after.users.map((u: { userId: string; rank: number }) => [u.userId, u.rank])).toEqual([
      ['ann', 1],
      ['cy', 3],
    ]);
    expect((await archive(t, 'month=2026-01&groupId=vip')).statusCode).toBe(404);
  });

  it('keeps answering 404 for a month nobody had points in, and for a board whose every user was deleted', async () => {
    await january(t, { ann: 1 });
    await t.setClock(Date.UTC(2026, 1, 1, 0, 5));
    await t.app.services.jobs.runUntilIdle();
    expect((await archive(t, 'month=2025-12&groupId=default')).statusCode).toBe(404);
    expect((await archive(t, 'month=2026-01&groupId=default')).json().total).toBe(1);
    await t.inject({ method: 'DELETE', url: '/user/ann', headers: await t.serviceAuth() });
    await t.app.services.jobs.runUntilIdle();
    const gone = await archive(t, 'month=2026-01&groupId=default');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'ARCHIVE_NOT_FOUND' });
  });

  // A page is kept as text per version of its board (decision 335): the size, which a deletion lowers.
  it('answers a page it kept until a deletion changes the board, on this instance and on another one', async () => {
    await january(t, { ann: 3, bob: 2, cy: 1 });
    await t.setClock(Date.UTC(2026, 1, 1, 0, 5));
    await t.app.services.jobs.runUntilIdle();
    const query = 'month=2026-01&groupId=default&limit=2';
    const first = await archive(t, query);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const again = await archive(t, query);
    expect(again.body).toBe(first.body);
    expect(again.json()).toEqual({
      month: '2026-01',
      groupId: 'default',
      archivedAt: expect.any(Number),
      total: 3,
      users: [
        { userId: 'ann', username: 'ann', points: 30, rank: 1 },
        { userId: 'bob', username: 'bob', points: 20, rank: 2 },
      ],
    });
    // Another instance on the same store (scale mode) keeps its own copy of the page.
    const other = t.backend === 'postgres' ? await buildApp({ config: t.config(), logger: false }) : null;
    try {
      const read = async (app: typeof t.app) =>
        (
          await app.inject({ method: 'GET', url: `/project/${t.projectId}/leaderboard/archive?${query}`, headers: await t.serviceAuth() })
        ).json();
      if (other) expect((await read(other)).users).toHaveLength(2);

      const deletion = await t.inject({ method: 'DELETE', url: '/user/bob', headers: await t.serviceAuth() });
      expect(deletion.statusCode).toBe(200);
      await t.app.services.jobs.runUntilIdle();

      for (const app of other ? [t.app, other] : [t.app]) {
        const after = await read(app);
        expect(after.total).toBe(2);
        expect(after.users.map((u: { userId: string; rank: number }) => [u.userId, u.rank])).toEqual([
          ['ann', 1],
          ['cy', 3],
        ]);
      }
    } finally {
      await other?.close();
    }
  });
});
