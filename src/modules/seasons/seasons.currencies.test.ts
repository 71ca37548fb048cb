import { expect, it } from 'vitest';
import { describeBackends, type TestContext } from '../../../test/helpers/test-app.js';
import { defineAchievement, userAchievement } from '../achievements/achievements.test-factory.js';
import { defineCurrency, earn } from '../leaderboards/leaderboards.test-helpers.js';
import { archive, defineSeasonReward, january, seasonEntries } from './seasons.test-factory.js';

const FEB_3 = Date.UTC(2026, 1, 3, 12);

const ranking = (users: Array<{ userId: string | null; points: number; rank: number }>) => users.map((u) => [u.userId, u.points, u.rank]);

async function read(t: TestContext, url: string, as = 'service') {
  const headers = as === 'service' ? await t.serviceAuth() : await t.auth(as);
  const res = await t.inject({ method: 'GET', url, headers });
  expect(res.statusCode, url).toBe(200);
  return res.json();
}

/** The month close archives every currency's boards (decision 297); seasons and boardRank stay on points. */
describeBackends('seasons: the month close of a currency’s boards', (t) => {
  /** Points: ann 30, bob 20 (events). XP: bob 500, ann 100 (seeds). A points prize for rank 1, a boardRank achievement. */
  async function closedJanuary(how: 'automatic' | 'early') {
    await january(t, { ann: 3, bob: 2 });
    await defineCurrency(t, 'xp');
    await earn(t, 'bob', 500, { currency: 'xp' });
    await earn(t, 'ann', 100, { currency: 'xp' });
    await defineSeasonReward(t, { seasonRewardId: 'prize', bands: [{ fromRank: 1, toRank: 1, points: 100 }] });
    await defineAchievement(t, {
      achievementId: 'champion',
      points: 0,
      criteria: { kind: 'boardRank' },
      levels: [{ level: 1, threshold: 1 }],
    });
    await t.setClock(FEB_3);
    if (how === 'early') expect((await t.admin('POST', '/admin/season/2026-01/close')).statusCode).toBe(202);
    await t.app.services.jobs.runUntilIdle();
  }

  it.each(['automatic', 'early'] as const)('the %s close archives the xp board apart; prizes and boardRank follow points', async (how) => {
    await closedJanuary(how);
    const xp = await read(t, `/project/${t.projectId}/leaderboard/archive?groupId=default&month=2026-01&currency=xp`);
    expect(xp).toMatchObject({ month: '2026-01', groupId: 'default', currency: 'xp', total: 2 });
    expect(ranking(xp.users)).toEqual([
      ['bob', 500, 1],
      ['ann', 100, 2],
    ]);
    const points = await read(t, `/project/${t.projectId}/leaderboard/archive?groupId=default&month=2026-01`);
    expect(points).not.toHaveProperty('currency');
    expect(ranking(points.users)).toEqual([
      ['ann', 30, 1],
      ['bob', 20, 2],
    ]);
    // The closed month's boards answer from their archives, each in its currency.
    const board = await read(t, `/project/${t.projectId}/leaderboard?groupId=default&month=2026-01&currency=xp`);
    expect(board).toMatchObject({ total: 2, groupId: 'default', currency: 'xp', month: '2026-01' });
    expect(ranking(board.users)).toEqual(ranking(xp.users));
    const bob = await read(t, '/user/bob/leaderboard?groupId=default&month=2026-01&currency=xp', 'bob');
    expect(bob.currentUser).toEqual({ userId: 'bob', username: 'bob', points: 500, rank: 1 });
    expect(bob).toMatchObject({ currency: 'xp', month: '2026-01' });
    // Late xp dated into the closed month changes neither archive.
    await earn(t, 'ann', 1000, { currency: 'xp', at: Date.UTC(2026, 0, 31, 20) });
    expect(ranking((await read(t, `/project/${t.projectId}/leaderboard?groupId=default&month=2026-01&currency=xp`)).users)).toEqual(
      ranking(xp.users),
    );
    // The points prize went to ann (rank 1 on points), once; bob (rank 1 on xp) got none.
    expect(await seasonEntries(t, 'ann')).toHaveLength(1);
    expect(await seasonEntries(t, 'bob')).toEqual([]);
    const payouts = (await t.admin('GET', '/admin/season/2026-01/payouts')).json().payouts;
    expect(payouts.map((p: { userId: string; groupId: string }) => [p.userId, p.groupId])).toEqual([['ann', 'default']]);
    // boardRank ranks the points board: ann unlocked it, bob did not.
    expect((await userAchievement(t, 'ann', 'champion')).json().achievement).toMatchObject({ unlocked: true, progress: 1 });
    expect((await userAchievement(t, 'bob', 'champion')).json().achievement).toMatchObject({ unlocked: false });
  });

  it('an archive of a currency with no board that month is 404, an unknown currency 400', async () => {
    await closedJanuary('early');
    await defineCurrency(t, 'gems', { spendable: true });
    expect((await archive(t, 'groupId=default&month=2026-01&currency=gems')).statusCode).toBe(404);
    const unknown = await archive(t, 'groupId=default&month=2026-01&currency=stars');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ statusCode: 400, code: 'UNKNOWN_CURRENCY' });
  });
});
