import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { AppError } from '../../http/errors.js';
import { NotificationsService, type ActivityQuery, type ChallengeActivity } from './notifications.service.js';

/** An activity query that answers one time (or null), whoever asks. */
function fixed(time: number | null | undefined): ActivityQuery {
  return (db) => db.selectNoFrom(sql<number | null>`cast(${time ?? null} as bigint)`.as('last'));
}

/** The service's flag logic with fake activity sources, in particular a fake challenges module. */
describeBackends('notifications service with fake sources', (t) => {
  function build(times: {
    rewards?: number | null;
    coupons?: number | null;
    surveys?: number | null;
    challenges?: number | null;
    achievements?: number | null;
  }) {
    const challenges: ChallengeActivity = { lastActivityAt: async () => times.challenges ?? null };
    return new NotificationsService(
      t.app.platform,
      {
        userExists: async (_p, u) => u !== 'ghost',
        requireLive: async (_trx, _p, u) => {
          if (u === 'ghost') throw AppError.of('USER_NOT_FOUND', u);
        },
        rewards: [fixed(times.rewards), fixed(times.coupons)],
        surveys: fixed(times.surveys),
        achievements: fixed(times.achievements),
      },
      challenges,
    );
  }

  it('shows every section with activity as unseen while there is no marker', async () => {
    const service = build({ rewards: 1, surveys: 1, challenges: 1, achievements: 1 });
    expect(await service.overview('default', 'alice')).toEqual({
      userId: 'alice',
      hasUnseenChallenges: true,
      hasUnseenRewards: true,
      hasUnseenSurveys: true,
      hasUnseenAchievements: true,
    });
  });

  it('compares the challenges activity with the challenges marker', async () => {
    const now = Date.UTC(2026, 0, 15, 12);
    await t.setClock(now);
    const times = { challenges: (now - 1000) as number | null };
    const service = build(times);
    await service.markSeen('default', 'bob', 'challenges');
    expect((await service.overview('default', 'bob')).hasUnseenChallenges).toBe(false);
    times.challenges = now + 60_000;
    expect((await service.overview('default', 'bob')).hasUnseenChallenges).toBe(true);
    times.challenges = null;
    expect((await service.overview('default', 'bob')).hasUnseenChallenges).toBe(false);
  });

  it('takes the newer of ledger and coupon activity for rewards', async () => {
    const now = Date.UTC(2026, 0, 15, 12);
    await t.setClock(now);
    const service = build({ rewards: now - 5000, coupons: now + 60_000 });
    await service.markSeen('default', 'carol', 'rewards');
    expect((await service.overview('default', 'carol')).hasUnseenRewards).toBe(true);
    const older = build({ rewards: now - 5000, coupons: now - 4000 });
    expect((await older.overview('default', 'carol')).hasUnseenRewards).toBe(false);
    await older.clearMarkers('default', 'carol', ['rewards']);
    expect((await older.overview('default', 'carol')).hasUnseenRewards).toBe(true);
  });

  it('gives all false for a user that does not exist, and 404 when marking for one', async () => {
    const service = build({ rewards: 1, surveys: 1, challenges: 1 });
    expect(await service.overview('default', 'ghost')).toEqual({
      userId: 'ghost',
      hasUnseenChallenges: false,
      hasUnseenRewards: false,
      hasUnseenSurveys: false,
      hasUnseenAchievements: false,
    });
    await expect(service.markSeen('default', 'ghost', 'rewards')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('removes the markers of a user through deleteUserData', async () => {
    const service = build({});
    await service.markSeen('default', 'dora', 'rewards');
    await service.markSeen('default', 'dora', 'surveys');
    expect(await service.deleteUserData('default', 'dora', 1)).toBe(1);
    expect(await service.deleteUserData('default', 'dora', 10)).toBe(1);
    expect(await service.deleteUserData('default', 'dora', 10)).toBe(0);
  });
});
