import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';

describeSharedApp('challenges and streaks: errors', (t) => {
  it('answers 400 for streak analytics without or with a malformed streakId', async () => {
    const headers = await t.serviceAuth();
    for (const url of ['/analytics/streak', '/analytics/streak?streakId=', '/analytics/streak?streakId=a%20b']) {
      const res = await t.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
  });

  it('answers 200 with a null body for a streak that does not exist', async () => {
    const res = await t.inject({ method: 'GET', url: '/analytics/streak?streakId=nope', headers: await t.serviceAuth() });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('null');
  });

  it('answers 404 for a streak or challenge the user does not have', async () => {
    const headers = await t.auth('alice');
    const streak = await t.inject({ method: 'GET', url: '/user/alice/streak/nope', headers });
    expect(streak.statusCode).toBe(404);
    expect(streak.json()).toMatchObject({ statusCode: 404, code: 'STREAK_NOT_FOUND' });
    const challenge = await t.inject({ method: 'GET', url: '/user/alice/challenge/nope', headers });
    expect(challenge.statusCode).toBe(404);
    expect(challenge.json()).toMatchObject({ statusCode: 404, code: 'CHALLENGE_NOT_FOUND' });
  });

  it('answers 400 for a malformed completed filter or ids', async () => {
    const headers = await t.auth('alice');
    expect((await t.inject({ method: 'GET', url: '/user/alice/challenge?completed=maybe', headers })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/user/alice/challenge/a%20b', headers })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/user/alice/streak/a%20b', headers })).statusCode).toBe(400);
  });

  it('lists nothing for an unknown user, still 200', async () => {
    const headers = await t.auth('ghost');
    expect((await t.inject({ method: 'GET', url: '/user/ghost/streak', headers })).json()).toEqual({ streaks: [], count: 0 });
    expect((await t.inject({ method: 'GET', url: '/user/ghost/challenge', headers })).json()).toEqual({
      challenges: [],
      lastEvaluatedKey: null,
    });
  });
});
