import { expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { balance, sendEvent } from '../events/events.test-factory.js';
import { createOffer } from '../offers/offers.test-factory.js';
import { archive, defineSeasonReward, january, seasonEntries } from './seasons.test-factory.js';

describeBackends('seasons: month end archive and payouts', (t) => {
  const bands = [
    { fromRank: 1, toRank: 1, points: 100 },
    { fromRank: 2, toRank: 3, points: 50 },
  ];

  it('manages season rewards with the admin resource', async () => {
    await january(t, {});
    const created = await t.admin('POST', '/admin/season-reward', {
      seasonRewardId: 'jan-prizes',
      groupId: 'default',
      bands: [bands[1], bands[0]],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      seasonRewardId: 'jan-prizes',
      groupId: 'default',
      bands,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    expect((await t.admin('GET', '/admin/season-reward/jan-prizes')).json()).toEqual(created.json());
    expect((await t.admin('GET', '/admin/season-reward')).json()).toEqual([created.json()]);
    const put = await t.admin('PUT', '/admin/season-reward/jan-prizes', {
      groupId: 'default',
      bands: [{ fromRank: 1, toRank: 10, points: 5 }],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ seasonRewardId: 'jan-prizes', bands: [{ fromRank: 1, toRank: 10, points: 5 }] });
    expect((await t.admin('DELETE', '/admin/season-reward/jan-prizes')).statusCode).toBe(204);
    expect((await t.admin('GET', '/admin/season-reward/jan-prizes')).statusCode).toBe(404);
    const generated = await defineSeasonReward(t, { bands });
    expect(generated.seasonRewardId).toMatch(/^sr_/);
  });

  it('archives the board when the month ends and pays each band once, with SEASON entries', async () => {
    await january(t, { ann: 5, bob: 4, cid: 3, dan: 2 });
    await defineSeasonReward(t, { seasonRewardId: 'prizes', bands });
    await t.app.services.jobs.runUntilIdle();
    expect((await archive(t, 'month=2026-01&groupId=default')).statusCode).toBe(404); // January has not ended

    await t.setClock(Date.UTC(2026, 1, 1, 0, 5));
    await t.app.services.jobs.runUntilIdle();
    const snap = await archive(t, 'month=2026-01&groupId=default');
    expect(snap.statusCode).toBe(200);
    expect(snap.json()).toEqual({
      month: '2026-01',
      groupId: 'default',
      archivedAt: expect.any(Number),
      total: 4,
      users: [
        { userId: 'ann', username: 'ann', points: 50, rank: 1 },
        { userId: 'bob', username: 'bob', points: 40, rank: 2 },
        { userId: 'cid', username: 'cid', points: 30, rank: 3 },
        { userId: 'dan', username: 'dan', points: 20, rank: 4 },
      ],
    });
    expect(
      (await archive(t, 'month=2026-01&groupId=default&limit=2&offset=1')).json().users.map((u: { userId: string }) => u.userId),
    ).toEqual(['bob', 'cid']);
    expect(await balance(t, 'ann')).toBe(50 + 100);
    expect(await balance(t, 'bob')).toBe(40 + 50);
    expect(await balance(t, 'cid')).toBe(30 + 50);
    expect(await balance(t, 'dan')).toBe(20);
    expect(await seasonEntries(t, 'ann')).toEqual([
      expect.objectContaining({ points: 100, title: { de: 'Saisonpreis 2026-01', en: 'Season prize 2026-01' } }),
    ]);

    // The next days, and the steps run again (a crash, a second instance), pay nothing more.
    await t.setClock(Date.UTC(2026, 1, 2, 0, 5));
    await t.app.services.jobs.runUntilIdle();
    const board = {
      projectId: 'default',
      groupId: 'default',
      currency: 'points',
      month: '2026-01',
      closedAt: Date.UTC(2026, 1, 1),
      top: [],
    };
    await Promise.all(t.app.services.seasons.closeSteps.flatMap((s) => [s.closed(board), s.closed(board)]));
    expect(await balance(t, 'ann')).toBe(150);
    expect(await seasonEntries(t, 'bob')).toHaveLength(1);
    const payouts = await t.admin('GET', '/admin/season/2026-01/payouts');
    expect(payouts.json()).toEqual({
      month: '2026-01',
      payouts: [
        { groupId: 'default', seasonRewardId: 'prizes', userId: 'ann', rank: 1, points: 100, paidAt: expect.any(Number) },
        { groupId: 'default', seasonRewardId: 'prizes', userId: 'bob', rank: 2, points: 50, paidAt: expect.any(Number) },
        { groupId: 'default', seasonRewardId: 'prizes', userId: 'cid', rank: 3, points: 50, paidAt: expect.any(Number) },
      ],
    });
    expect((await t.admin('GET', '/admin/season/2026-02/payouts')).json()).toEqual({ month: '2026-02', payouts: [] });
    expect((await t.admin('GET', '/admin/season/2026-13/payouts')).statusCode).toBe(400);

    // Season prizes do not count on February's board.
    const feb = await t.inject({
      method: 'GET',
      url: '/project/default/leaderboard?groupId=default&month=2026-02',
      headers: await t.serviceAuth(),
    });
    expect(feb.json().users).toEqual([]);
  });

  it('keeps the snapshot, and the board answers it, when a late offline event is dated into the closed month', async () => {
    await january(t, { ann: 2, bob: 1 });
    await defineSeasonReward(t, { seasonRewardId: 'prizes', bands: [{ fromRank: 1, toRank: 1, points: 100 }] });
    await t.setClock(Date.UTC(2026, 1, 1, 0, 5));
    await t.app.services.jobs.runUntilIdle();
    // bob's phone syncs two purchases from 31 January.
    for (const minute of [1, 2])
      expect((await sendEvent(t, 'bob', { eventId: 'buy', timestamp: `2026-01-31T20:0${minute}:00Z` })).statusCode).toBe(200);
    // The month is closed: its board is the archive (decision 199), bob's late 20 points do not move it.
    const board = await t.inject({
      method: 'GET',
      url: '/project/default/leaderboard?groupId=default&month=2026-01',
      headers: await t.serviceAuth(),
    });
    expect(board.json().users.map((u: { userId: string }) => u.userId)).toEqual(['ann', 'bob']);
    expect(
      (await archive(t, 'month=2026-01&groupId=default')).json().users.map((u: { userId: string; rank: number }) => [u.userId, u.rank]),
    ).toEqual([
      ['ann', 1],
      ['bob', 2],
    ]);
    expect(await seasonEntries(t, 'ann')).toHaveLength(1);
    expect(await seasonEntries(t, 'bob')).toHaveLength(0);
  });

  it('archives every group board of the project and pays a group reward from its own board', async () => {
    await january(t, {});
    await t.admin('POST', '/admin/usergroup', { userGroupId: 'vip', title: { default: 'VIP', de: 'VIP' } });
    await t.createUser('vic');
    await t.createUser('wes');
    await sendEvent(t, 'vic', { eventId: 'buy', metadata: { usergroup: 'vip' } });
    await sendEvent(t, 'wes', { eventId: 'buy' });
    await sendEvent(t, 'wes', { eventId: 'buy' });
    await defineSeasonReward(t, { seasonRewardId: 'vip-prizes', groupId: 'vip', bands: [{ fromRank: 1, toRank: 1, points: 7 }] });
    await t.setClock(Date.UTC(2026, 1, 1, 0, 5));
    await t.app.services.jobs.runUntilIdle();
    expect((await archive(t, 'month=2026-01&groupId=vip')).json().users).toEqual([{ userId: 'vic', username: 'vic', points: 10, rank: 1 }]);
    expect((await archive(t, 'month=2026-01&groupId=default')).json().total).toBe(2);
    expect(await balance(t, 'vic')).toBe(10 + 7);
    expect(await balance(t, 'wes')).toBe(20);
  });

  it('closes a month early for testing; the automatic close later pays nothing again', async () => {
    await january(t, { ann: 1 });
    await defineSeasonReward(t, { seasonRewardId: 'prizes', bands: [{ fromRank: 1, toRank: 1, points: 100 }] });
    const res = await t.admin('POST', '/admin/season/2026-01/close');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ month: '2026-01', jobId: expect.any(String) });
    await t.app.services.jobs.runUntilIdle();
    expect((await t.admin('GET', `/admin/job/${res.json().jobId}`)).json()).toMatchObject({ status: 'done' });
    expect((await archive(t, 'month=2026-01&groupId=default')).json().users).toEqual([
      { userId: 'ann', username: 'ann', points: 10, rank: 1 },
    ]);
    expect(await balance(t, 'ann')).toBe(110);
    expect((await t.admin('POST', '/admin/season/2026-01/close')).json()).toMatchObject({ statusCode: 409, code: 'MONTH_ALREADY_CLOSED' });
    await t.setClock(Date.UTC(2026, 1, 1, 0, 5));
    await t.app.services.jobs.runUntilIdle();
    expect(await balance(t, 'ann')).toBe(110);
  });

  it('gives a coupon of the offer to every user of an offerId band, once', async () => {
    await january(t, { ann: 3, bob: 2, cid: 1 });
    await createOffer(t, { offerId: 'mug', title: { de: 'Tasse', en: 'Mug' }, couponValidityDays: 10 });
    await defineSeasonReward(t, {
      seasonRewardId: 'mugs',
      bands: [
        { fromRank: 1, toRank: 2, offerId: 'mug' },
        { fromRank: 3, toRank: 3, points: 5, offerId: 'mug' },
      ],
    });
    await t.setClock(Date.UTC(2026, 1, 1, 0, 5));
    await t.app.services.jobs.runUntilIdle();
    const coupons = async (userId: string) =>
      (await t.inject({ method: 'GET', url: `/user/${userId}/coupon`, headers: await t.auth(userId) })).json();
    for (const userId of ['ann', 'bob', 'cid']) {
      const list = await coupons(userId);
      expect(list).toEqual([
        expect.objectContaining({
          title: 'Tasse',
          redeemed: false,
          metadata: expect.objectContaining({ offerId: 'mug', month: '2026-01' }),
        }),
      ]);
      expect(Math.abs(list[0].validUntil - Date.UTC(2026, 1, 11, 0, 5))).toBeLessThan(60_000); // the offer's 10 days of validity
    }
    expect(await balance(t, 'ann')).toBe(30); // a coupon-only band pays no points
    expect(await balance(t, 'cid')).toBe(10 + 5);
    const board = {
      projectId: 'default',
      groupId: 'default',
      currency: 'points',
      month: '2026-01',
      closedAt: Date.UTC(2026, 1, 1),
      top: [],
    };
    for (const step of t.app.services.seasons.closeSteps) await step.closed(board);
    expect(await coupons('ann')).toHaveLength(1);
    expect(await balance(t, 'cid')).toBe(15);
  });
});
