import { expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';

/** User ids (decision 002): identity-provider subjects and non-ASCII ids act everywhere; a few characters are refused. */
const PROVIDER_IDS = ['auth0|5f7c1a', 'google-oauth2|1234', 'müller', 'ユーザー', 'alice@example.com', 'x'.repeat(128), 'ü'.repeat(128)];
const REFUSED_IDS = ['', 'a b', 'a\tb', 'a/b', 'a?b', 'a#b', 'a%b', 'a\\b', 'a\u0001b', 'a\u007fb', 'a\u0085b', 'x'.repeat(129)];

describeBackends('user ids', (t) => {
  const path = (userId: string, rest = '') => `/user/${encodeURIComponent(userId)}${rest}`;

  it('accepts identity-provider and non-ASCII ids in POST /user, the token sub, paths and POST /event', async () => {
    expect((await t.admin('POST', '/admin/event', { eventId: 'purchase', title: 'Purchase', reward: { default: 10 } })).statusCode).toBe(
      201,
    );
    for (const userId of PROVIDER_IDS) {
      const headers = await t.auth(userId);
      const created = await t.inject({ method: 'POST', url: '/user', headers, payload: { userId } });
      expect(created.statusCode, userId).toBe(201);
      expect(created.json().userId).toBe(userId);
      const event = await t.inject({ method: 'POST', url: '/event', headers, payload: { userId, eventId: 'purchase' } });
      expect(event.statusCode, userId).toBe(200);
      expect((await t.inject({ method: 'GET', url: path(userId, '/points'), headers })).json()).toEqual({
        userId,
        points: 10,
        userExists: true,
        pending: 0,
        expiring: [],
      });
      const history = await t.inject({ method: 'GET', url: path(userId, '/history'), headers });
      expect(history.json()[0]).toMatchObject({ userId, points: 10 });
      const board = await t.inject({ method: 'GET', url: `${path(userId, '/leaderboard')}?groupId=default&timeframe=7d`, headers });
      expect(board.statusCode, userId).toBe(200);
      expect(board.json().currentUser).toMatchObject({ userId, points: 10, rank: expect.any(Number) });
    }
    const full = await t.inject({
      method: 'GET',
      url: '/project/default/leaderboard?groupId=default&timeframe=7d',
      headers: await t.auth('müller'),
    });
    expect(
      full
        .json()
        .users.map((u: { userId: string }) => u.userId)
        .sort(),
    ).toEqual([...PROVIDER_IDS].sort());
  });

  it('lets a user token act only for its own provider id', async () => {
    await t.createUser('auth0|5f7c1a');
    await t.createUser('auth0|other');
    const headers = await t.auth('auth0|5f7c1a');
    expect((await t.inject({ method: 'GET', url: path('auth0|5f7c1a', '/points'), headers })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: path('auth0|other', '/points'), headers })).statusCode).toBe(403);
  });

  it('deletes a user with a non-ASCII id', async () => {
    await t.createUser('müller');
    const headers = await t.auth('müller');
    const res = await t.inject({ method: 'DELETE', url: path('müller'), headers });
    expect(res.statusCode).toBe(200);
    await t.app.services.jobs.runUntilIdle();
    expect((await t.inject({ method: 'GET', url: path('müller', '/points'), headers })).json().userExists).toBe(false);
  });

  it('refuses ids with whitespace, control characters, / ? # % \\ or over 128 characters with 400 and creates nothing', async () => {
    for (const userId of REFUSED_IDS) {
      const res = await t.inject({ method: 'POST', url: '/user', headers: await t.serviceAuth(), payload: { userId } });
      expect(res.statusCode, JSON.stringify(userId)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_ERROR' });
    }
    const rows = await t.app.platform.db.kysely.selectFrom('users').select('user_id').execute();
    expect(rows).toEqual([]);
  });

  it('refuses such ids in paths with 400', async () => {
    const headers = await t.serviceAuth();
    for (const encoded of ['a%20b', 'a%2Fb', 'a%3Fb', 'a%23b', 'a%25b', 'a%5Cb', 'a%01b']) {
      const res = await t.inject({ method: 'GET', url: `/user/${encoded}/points`, headers });
      expect(res.statusCode, encoded).toBe(400);
    }
  });
});
