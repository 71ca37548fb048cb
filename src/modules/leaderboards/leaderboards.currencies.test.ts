import { expect, it } from 'vitest';
import { describeSharedApp, type TestContext } from '../../../test/helpers/test-app.js';
import { defineEvent, defineGroups, sendEvent } from '../events/events.test-factory.js';
import { createOffer, redeem } from '../offers/offers.test-factory.js';
import { JAN_15, defineCurrency, earn, getJson, ids } from './leaderboards.test-helpers.js';

const ranking = (users: Array<{ userId: string | null; points: number; rank: number }>) => users.map((u) => [u.userId, u.points, u.rank]);

/** Boards per currency (decision 297): every board read takes `currency`, default `points`. */
describeSharedApp('leaderboards: a board per currency', (t) => {
  const board = (query: string) => getJson(t, `/project/${t.projectId}/leaderboard?${query}`, 'service');

  /** ann and bob earn xp (bob also in vip), cy and ann earn points. */
  async function xpAndPoints(ctx: TestContext) {
    await ctx.setClock(JAN_15);
    await defineCurrency(ctx, 'xp');
    await defineGroups(ctx, 'vip');
    await earn(ctx, 'ann', 50, { currency: 'xp', at: JAN_15 - 5000 });
    await earn(ctx, 'bob', 80, { currency: 'xp', groups: ['vip'], at: JAN_15 - 4000 });
    await earn(ctx, 'cy', 20, { at: JAN_15 - 3000 });
    await earn(ctx, 'ann', 10, { at: JAN_15 - 2000 });
  }

  it('ranks xp entries on the xp boards only, and points entries on the points boards only, in every period and group', async () => {
    await xpAndPoints(t);
    for (const period of ['month=2026-01', 'timeframe=7d', 'timeframe=30d', 'timeframe=365d']) {
      const xp = await board(`groupId=default&currency=xp&${period}`);
      expect(xp.status, period).toBe(200);
      expect(ranking(xp.body.users), period).toEqual([
        ['bob', 80, 1],
        ['ann', 50, 2],
      ]);
      expect(xp.body).toMatchObject({ total: 2, groupId: 'default', currency: 'xp' });
      const points = await board(`groupId=default&${period}`);
      expect(ranking(points.body.users), period).toEqual([
        ['cy', 20, 1],
        ['ann', 10, 2],
      ]);
      // A points board read as before answers as before: no currency unless the request names one.
      expect(points.body).not.toHaveProperty('currency');
      expect((await board(`groupId=default&currency=points&${period}`)).body).toMatchObject({
        users: points.body.users,
        currency: 'points',
      });
    }
    expect(ranking((await board('groupId=vip&currency=xp&month=2026-01')).body.users)).toEqual([['bob', 80, 1]]);
    expect((await board('groupId=vip&month=2026-01')).body).toMatchObject({ users: [], total: 0 });
  });

  it('answers the personalized view and the ranks of the currency asked', async () => {
    await xpAndPoints(t);
    const view = await getJson(t, '/user/ann/leaderboard?groupId=default&currency=xp&timeframe=7d', 'ann');
    expect(view.status).toBe(200);
    expect(view.body.currentUser).toEqual({ userId: 'ann', username: 'ann', points: 50, rank: 2 });
    expect(ids(view.body.topUsers)).toEqual(['bob', 'ann']);
    expect(view.body).toMatchObject({ total: 2, groupId: 'default', currency: 'xp', timeframe: '7d' });
    const pointsView = await getJson(t, '/user/ann/leaderboard?groupId=default&month=2026-01', 'ann');
    expect(pointsView.body.currentUser).toEqual({ userId: 'ann', username: 'ann', points: 10, rank: 2 });
    expect(pointsView.body).not.toHaveProperty('currency');
    // cy has no xp: unranked on the xp board.
    const cy = await getJson(t, '/user/cy/leaderboard?groupId=default&currency=xp&month=2026-01', 'cy');
    expect(cy.body.currentUser).toEqual({ userId: 'cy', username: 'cy', points: 0, rank: null });

    const ranks = await getJson(t, '/user/ann/rank?currency=xp', 'ann');
    expect(ranks.status).toBe(200);
    expect(ranks.body).toEqual({
      userId: 'ann',
      groupId: 'default',
      currency: 'xp',
      ranks: { '7d': { rank: 2, points: 50 }, '30d': { rank: 2, points: 50 }, '365d': { rank: 2, points: 50 } },
    });
    expect((await getJson(t, '/user/ann/rank', 'ann')).body).toEqual({
      userId: 'ann',
      groupId: 'default',
      ranks: { '7d': { rank: 2, points: 10 }, '30d': { rank: 2, points: 10 }, '365d': { rank: 2, points: 10 } },
    });
    expect((await getJson(t, '/user/bob/rank?groupId=vip&currency=xp', 'bob')).body.ranks['7d']).toEqual({ rank: 1, points: 80 });
  });

  it('a redemption spends points and moves no xp rank', async () => {
    await xpAndPoints(t);
    await createOffer(t, { offerId: 'mug', points: 10 });
    // The board seeds moved no balance: ann gets the 10 points the mug costs as an adjustment.
    expect((await t.admin('POST', '/admin/user/ann/points', { points: 10, reason: 'welcome' })).statusCode).toBe(201);
    const before = await board('groupId=default&currency=xp&timeframe=7d');
    const res = await redeem(t, 'ann', 'mug');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.balance).toBe(0);
    expect((await board('groupId=default&currency=xp&timeframe=7d')).body).toEqual(before.body);
    expect((await getJson(t, '/user/ann/rank?currency=xp', 'ann')).body.ranks['7d']).toEqual({ rank: 2, points: 50 });
  });

  it('ranks the xp and points an event pays on their own boards (POST /event with currencyRewards), groups included', async () => {
    await t.setClock(JAN_15);
    await defineCurrency(t, 'xp');
    await defineGroups(t, 'vip');
    await defineEvent(t, { eventId: 'visit', reward: { default: 1 }, currencyRewards: { xp: { default: 40 } }, limit: null });
    await defineEvent(t, { eventId: 'buy', reward: { default: 25 }, limit: null });
    for (const u of ['ann', 'bob']) await t.createUser(u);
    for (let i = 0; i < 2; i++) expect((await sendEvent(t, 'ann', { eventId: 'visit' })).statusCode).toBe(200);
    expect((await sendEvent(t, 'bob', { eventId: 'buy', metadata: { usergroup: 'vip' } })).statusCode).toBe(200);
    expect((await sendEvent(t, 'bob', { eventId: 'visit', metadata: { usergroup: 'vip' } })).statusCode).toBe(200);
    for (const period of ['month=2026-01', 'timeframe=7d']) {
      expect(ranking((await board(`groupId=default&currency=xp&${period}`)).body.users), period).toEqual([
        ['ann', 80, 1],
        ['bob', 40, 2],
      ]);
      expect(ranking((await board(`groupId=default&${period}`)).body.users), period).toEqual([
        ['bob', 26, 1],
        ['ann', 2, 2],
      ]);
      expect(ranking((await board(`groupId=vip&currency=xp&${period}`)).body.users), period).toEqual([['bob', 40, 1]]);
    }
    // bob spends his points: his points rank and his xp rank stay where they were (boards rank earnings).
    await createOffer(t, { offerId: 'mug', points: 20 });
    expect((await redeem(t, 'bob', 'mug')).statusCode).toBe(200);
    expect((await getJson(t, '/user/bob/rank?currency=xp', 'bob')).body.ranks['7d']).toEqual({ rank: 2, points: 40 });
    expect((await getJson(t, '/user/bob/rank', 'bob')).body.ranks['7d']).toEqual({ rank: 1, points: 26 });
  });

  it('refuses a currency the project does not have with 400 UNKNOWN_CURRENCY on every board read', async () => {
    await xpAndPoints(t);
    const urls = [
      `/project/${t.projectId}/leaderboard?groupId=default&timeframe=7d&currency=gems`,
      `/project/${t.projectId}/leaderboard?groupId=default&month=2026-01&currency=gems`,
      '/user/ann/leaderboard?groupId=default&timeframe=7d&currency=gems',
      '/user/ann/rank?currency=gems',
      `/project/${t.projectId}/leaderboard/archive?groupId=default&month=2025-12&currency=gems`,
      `/project/${t.projectId}/leaderboard/stream?groupId=default&timeframe=7d&currency=gems`,
    ];
    for (const url of urls) {
      const res = await t.inject({ method: 'GET', url, headers: await t.serviceAuth() });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'UNKNOWN_CURRENCY' });
      expect(res.json().message, url).toMatch(/gems/);
    }
    // Another project's currency is unknown here too.
    const other = `${t.projectId}_other`;
    expect((await t.admin('POST', '/admin/project', { projectId: other, name: 'Other' })).statusCode).toBe(201);
    const gems = { currencyId: 'gems', title: { en: 'Gems' }, spendable: true };
    expect((await t.admin('POST', '/admin/currency', gems, other)).statusCode).toBe(201);
    expect((await board('groupId=default&timeframe=7d&currency=gems')).status).toBe(400);
    // A group that does not exist is still 404, whatever the currency.
    expect((await board('groupId=nogroup&timeframe=7d&currency=xp')).status).toBe(404);
  });
});
