import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { archive, defineSeasonReward, january } from './seasons.test-factory.js';

describeSharedApp('seasons: errors', (t) => {
  const errorBody = (statusCode: number, code: string) => ({ statusCode, error: expect.any(String), message: expect.any(String), code });

  it('refuses bad season rewards with 400 and changes nothing', async () => {
    await january(t, {});
    const bad = [
      { groupId: 'default', bands: [{ fromRank: 3, toRank: 1, points: 5 }] },
      {
        groupId: 'default',
        bands: [
          { fromRank: 1, toRank: 3, points: 5 },
          { fromRank: 3, toRank: 4, points: 1 },
        ],
      },
      { groupId: 'default', bands: [] },
      { groupId: 'default', bands: [{ fromRank: 0, toRank: 1, points: 5 }] },
      { groupId: 'default', bands: [{ fromRank: 1, toRank: 1, points: 0 }] },
      { groupId: 'default', bands: [{ fromRank: 1, toRank: 1, points: 5, offerId: 'no-such-offer' }] },
      { groupId: 'default', bands: [{ fromRank: 1, toRank: 1 }] },
      { groupId: 'default', bands: [{ fromRank: 1, toRank: 1, points: 5, coupon: true }] },
      { bands: [{ fromRank: 1, toRank: 1, points: 5 }] },
    ];
    for (const body of bad) {
      const res = await t.admin('POST', '/admin/season-reward', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(errorBody(400, expect.any(String)));
    }
    expect(
      (await t.admin('POST', '/admin/season-reward', { groupId: 'default', bands: [{ fromRank: 3, toRank: 1, points: 5 }] })).json().code,
    ).toBe('INVALID_BANDS');
    expect((await t.admin('POST', '/admin/season-reward', { groupId: 'default', bands: [{ fromRank: 1, toRank: 1 }] })).json().code).toBe(
      'INVALID_BANDS',
    );
    expect(
      (
        await t.admin('POST', '/admin/season-reward', { groupId: 'default', bands: [{ fromRank: 1, toRank: 1, offerId: 'no-such-offer' }] })
      ).json(),
    ).toEqual(errorBody(400, 'UNKNOWN_OFFER'));
    expect(
      (await t.admin('POST', '/admin/season-reward', { groupId: 'nope', bands: [{ fromRank: 1, toRank: 1, points: 5 }] })).json(),
    ).toEqual(errorBody(400, 'UNKNOWN_GROUP'));
    expect((await t.admin('GET', '/admin/season-reward')).json()).toEqual([]);
  });

  it('answers 409 for a taken id, 404 for an unknown one, 400 for a body id that differs from the path', async () => {
    await january(t, {});
    await defineSeasonReward(t, { seasonRewardId: 'p', bands: [{ fromRank: 1, toRank: 1, points: 5 }] });
    expect(
      (
        await t.admin('POST', '/admin/season-reward', {
          seasonRewardId: 'p',
          groupId: 'default',
          bands: [{ fromRank: 1, toRank: 1, points: 5 }],
        })
      ).json(),
    ).toEqual(errorBody(409, 'SEASON_REWARD_EXISTS'));
    expect(
      (await t.admin('PUT', '/admin/season-reward/q', { groupId: 'default', bands: [{ fromRank: 1, toRank: 1, points: 5 }] })).json(),
    ).toEqual(errorBody(404, 'SEASON_REWARD_NOT_FOUND'));
    expect(
      (
        await t.admin('PUT', '/admin/season-reward/p', {
          seasonRewardId: 'q',
          groupId: 'default',
          bands: [{ fromRank: 1, toRank: 1, points: 5 }],
        })
      ).json(),
    ).toEqual(errorBody(400, 'ID_MISMATCH'));
    expect((await t.admin('DELETE', '/admin/season-reward/q')).json()).toEqual(errorBody(404, 'SEASON_REWARD_NOT_FOUND'));
    expect((await t.admin('GET', '/admin/season-reward/p')).json().bands).toEqual([{ fromRank: 1, toRank: 1, points: 5 }]);
  });

  it('refuses to close a month that has not started or is malformed', async () => {
    await january(t, {});
    expect((await t.admin('POST', '/admin/season/2026-02/close')).json()).toEqual(errorBody(400, 'MONTH_NOT_STARTED'));
    expect((await t.admin('POST', '/admin/season/2026-13/close')).statusCode).toBe(400);
    expect((await t.admin('POST', '/admin/season/january/close')).statusCode).toBe(400);
  });

  it(
    'guards the archive: bad query 400, not archived or another project 404, no credentials 401; admin routes refuse ' + 'user tokens',
    async () => {
      await january(t, { ann: 1 });
      expect((await archive(t, 'month=2026-1&groupId=default')).statusCode).toBe(400);
      expect((await archive(t, 'groupId=default')).statusCode).toBe(400);
      expect((await archive(t, 'month=2026-01&groupId=default')).json()).toEqual(errorBody(404, 'ARCHIVE_NOT_FOUND'));
      await t.admin('POST', '/admin/season/2026-01/close');
      await t.app.services.jobs.runUntilIdle();
      expect((await archive(t, 'month=2026-01&groupId=default')).statusCode).toBe(200);
      expect((await archive(t, 'month=2026-01&groupId=default', 'other')).json()).toEqual(errorBody(404, 'PROJECT_NOT_FOUND'));
      expect(
        (await t.inject({ method: 'GET', url: `/project/${t.projectId}/leaderboard/archive?month=2026-01&groupId=default` })).statusCode,
      ).toBe(401);
      const asUser = await t.inject({ method: 'GET', url: '/admin/season-reward', headers: await t.auth('ann') });
      expect(asUser.statusCode).toBe(401);
    },
  );
});
