import type { TestContext } from '../../../test/helpers/test-app.js';

/** Factories of the events tests: a definition through the admin API, an event through POST /event. */

export const NOW = Date.UTC(2026, 0, 15, 12); // Thursday 2026-01-15 12:00 UTC
export const DAY = 86_400_000;

export async function defineEvent(t: TestContext, body: Record<string, unknown>, projectId?: string) {
  const res = await t.admin('POST', '/admin/event', { title: 'Purchase', ...body }, projectId);
  if (res.statusCode !== 201) throw new Error(`defineEvent: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Creates ACTIVE user groups (only those take part in events). */
export async function defineGroups(t: TestContext, ...userGroupIds: string[]) {
  for (const userGroupId of userGroupIds) {
    const res = await t.admin('POST', '/admin/usergroup', { userGroupId, title: { default: userGroupId, de: userGroupId } });
    if (res.statusCode !== 201) throw new Error(`defineGroups: ${res.statusCode} ${res.body}`);
  }
}

/**
 * POST /event with the user's own token; an event with a `timestamp` (an offline event) is sent as
 * the application's backend sends imports, with a service token, since a user token may date an
 * event only `userEventMaxAgeHours` back. `headers` overrides both.
 */
export async function sendEvent(t: TestContext, userId: string, body: Record<string, unknown>, headers?: Record<string, string>) {
  const auth = headers ?? (body.timestamp === undefined ? await t.auth(userId) : await t.serviceAuth());
  return t.inject({ method: 'POST', url: '/v1/event', headers: auth, payload: { userId, ...body } });
}

export async function balance(t: TestContext, userId: string, projectId = t.projectId): Promise<number> {
  const user = await t.app.services.users.points(projectId, userId);
  return user.points;
}

export async function history(t: TestContext, userId: string, query = '') {
  return t.inject({ method: 'GET', url: `/user/${userId}/history${query}`, headers: await t.auth(userId) });
}

export async function createApiKey(t: TestContext, projectId?: string): Promise<string> {
  const res = await t.admin('POST', '/admin/apikey', { name: 'shop backend' }, projectId);
  if (res.statusCode !== 201) throw new Error(`createApiKey: ${res.statusCode} ${res.body}`);
  return res.json().key as string;
}
