import type { TestContext } from '../../../test/helpers/test-app.js';

/** Creates a user in a time zone through POST /user, with its own token. */
export async function createUserIn(t: TestContext, userId: string, timeZone: string): Promise<void> {
  const res = await t.inject({ method: 'POST', url: '/user', headers: await t.auth(userId), payload: { userId, timeZone } });
  if (res.statusCode !== 201) throw new Error(`createUserIn ${userId}: ${res.statusCode} ${res.body}`);
}

/** Changes a user's time zone through PATCH /user/{userId}, with its own token. */
export async function moveUserTo(t: TestContext, userId: string, timeZone: string): Promise<void> {
  const res = await t.inject({ method: 'PATCH', url: `/user/${userId}`, headers: await t.auth(userId), payload: { timeZone } });
  if (res.statusCode !== 200) throw new Error(`moveUserTo ${userId}: ${res.statusCode} ${res.body}`);
}
