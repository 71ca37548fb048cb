import { expect, it } from 'vitest';
import { describeSharedApp, type TestContext } from '../../../test/helpers/test-app.js';

async function seen(t: TestContext, userId: string, screenId: string) {
  return t.inject({ method: 'PUT', url: `/user/${userId}/notifications/overview`, headers: await t.auth(userId), payload: { screenId } });
}

async function change(t: TestContext, userId: string, payload?: object) {
  return t.inject({
    method: 'PUT',
    url: `/user/${userId}/notifications/change`,
    headers: await t.auth(userId),
    ...(payload ? { payload } : {}),
  });
}

describeSharedApp('notifications: refusals and security', (t) => {
  it('refuses a missing or invalid screenId with 400', async () => {
    await t.createUser('alice');
    for (const payload of [{}, { screenId: 'home' }, { screenId: 3 }, { screenId: 'rewards', extra: 1 }]) {
      const res = await t.inject({ method: 'PUT', url: '/user/alice/notifications/overview', headers: await t.auth('alice'), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const bad = await change(t, 'alice', { resetRewards: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 when marking or resetting for a user that does not exist', async () => {
    expect((await seen(t, 'ghost', 'rewards')).statusCode).toBe(404);
    expect((await change(t, 'ghost', { resetRewards: true })).statusCode).toBe(404);
  });

  it("needs a token (401) and refuses another user's token (403)", async () => {
    await t.createUser('alice');
    expect((await t.inject({ method: 'GET', url: '/user/alice/notifications/overview' })).statusCode).toBe(401);
    const mallory = await t.auth('mallory');
    expect((await t.inject({ method: 'GET', url: '/user/alice/notifications/overview', headers: mallory })).statusCode).toBe(403);
    expect(
      (await t.inject({ method: 'PUT', url: '/user/alice/notifications/overview', headers: mallory, payload: { screenId: 'rewards' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.inject({ method: 'PUT', url: '/user/alice/notifications/change', headers: mallory, payload: { resetRewards: true } }))
        .statusCode,
    ).toBe(403);
  });
});
