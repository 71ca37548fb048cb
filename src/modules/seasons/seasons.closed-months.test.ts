import { expect, it } from 'vitest';
import { describeBackends, type TestContext } from '../../../test/helpers/test-app.js';
import { balance, sendEvent } from '../events/events.test-factory.js';
import { defineSeasonReward, january, seasonEntries } from './seasons.test-factory.js';

const FEB_3 = Date.UTC(2026, 1, 3, 12);

async function read(t: TestContext, url: string, as = 'service') {
  const headers = as === 'service' ? await t.serviceAuth() : await t.auth(as);
  const res = await t.inject({ method: 'GET', url, headers });
  expect(res.statusCode, url).toBe(200);
  return res.json();
}

const ranking = (users: Array<{ userId: string | null; points: number; rank: number }>) => users.map((u) => [u.userId, u.points, u.rank]);

describeBackends('seasons: a closed month answers its archived ranking', (t) => {
  /** ann 30, bob 20, cy 10 in January; then the close (automatic, or early for the project). */
  async function closedJanuary(how: 'automatic' | 'early') {
    await january(t, { ann: 3, bob: 2, cy: 1 });
    await defineSeasonReward(t, { seasonRewardId: 'prize', bands: [{ fromRank: 1, toRank: 1, points: 100 }] });
    await t.setClock(FEB_3);
    if (how === 'early') expect((await t.admin('POST', '/admin/season/2026-01/close')).statusCode).toBe(202);
    await t.app.services.jobs.runUntilIdle();
  }

  it.each(['automatic', 'early'] as const)(
    'after the %s close a late offline event credits its points but moves neither the board nor the payouts',
    async (how) => {
      await closedJanuary(how);
      const board = '/project/default/leaderboard?groupId=default&month=2026-01';
      expect(ranking((await read(t, board)).users)).toEqual([
        ['ann', 30, 1],
        ['bob', 20, 2],
        ['cy', 10, 3],
      ]);
      const payoutsBefore = (await t.admin('GET', '/admin/season/2026-01/payouts')).json();
      // cy's phone syncs five purchases from 31 January (a service import): 50 points, dated in the closed month.
      for (let i = 0; i < 5; i++) {
        const res = await sendEvent(t, 'cy', { eventId: 'buy', timestamp: `2026-01-31T20:0${i}:00Z` });
        expect(res.statusCode).toBe(200);
        expect(res.json().data.points).toBe(10);
      }
      expect(await balance(t, 'cy')).toBe(60);
      const after = await read(t, board);
      expect(ranking(after.users)).toEqual([
        ['ann', 30, 1],
        ['bob', 20, 2],
        ['cy', 10, 3],
      ]);
      expect(after.total).toBe(3);
      const cy = await read(t, '/user/cy/leaderboard?groupId=default&month=2026-01', 'cy');
      expect(cy.currentUser).toEqual({ userId: 'cy', username: 'cy', points: 10, rank: 3 });
      expect(ranking(cy.topUsers)).toEqual([
        ['ann', 30, 1],
        ['bob', 20, 2],
        ['cy', 10, 3],
      ]);
      expect(ranking(cy.usersBefore)).toEqual([
        ['ann', 30, 1],
        ['bob', 20, 2],
      ]);
      expect(cy.usersAfter).toEqual([]);
      await t.app.services.jobs.runUntilIdle();
      expect((await t.admin('GET', '/admin/season/2026-01/payouts')).json()).toEqual(payoutsBefore);
      expect(await seasonEntries(t, 'ann')).toHaveLength(1);
      expect(await seasonEntries(t, 'cy')).toHaveLength(0);
    },
  );

  it('answers an empty board for a group without points in the closed month, also after late points', async () => {
    await closedJanuary('early');
    await t.admin('POST', '/admin/usergroup', { userGroupId: 'vip', title: { default: 'VIP', de: 'VIP' } });
    await sendEvent(t, 'bob', { eventId: 'buy', timestamp: '2026-01-30T10:00:00Z', metadata: { usergroup: ['vip'] } });
    const vip = await read(t, '/project/default/leaderboard?groupId=vip&month=2026-01');
    expect(vip).toMatchObject({ users: [], total: 0, groupId: 'vip', month: '2026-01' });
    const bob = await read(t, '/user/bob/leaderboard?groupId=vip&month=2026-01', 'bob');
    expect(bob.currentUser).toMatchObject({ userId: 'bob', rank: null });
  });

  it('keeps answering an open month from the live board', async () => {
    await january(t, { ann: 1 });
    await t.setClock(FEB_3);
    await sendEvent(t, 'ann', { eventId: 'buy' });
    const feb = await read(t, '/project/default/leaderboard?groupId=default&month=2026-02');
    expect(ranking(feb.users)).toEqual([['ann', 10, 1]]);
  });
});
