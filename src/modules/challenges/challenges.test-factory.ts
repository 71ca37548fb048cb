import type { TestContext } from '../../../test/helpers/test-app.js';

/** Factories of the challenges tests. */
export async function defineChallenge(t: TestContext, body: Record<string, unknown>, projectId?: string) {
  const res = await t.admin(
    'POST',
    '/admin/challenge',
    { title: { de: 'Herausforderung', en: 'Challenge' }, eventId: 'purchase', goal: 1, ...body },
    projectId,
  );
  if (res.statusCode !== 201) throw new Error(`defineChallenge: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function userChallenges(t: TestContext, userId: string, query = '') {
  const res = await t.inject({ method: 'GET', url: `/v1/user/${userId}/challenge${query}`, headers: await t.auth(userId) });
  if (res.statusCode !== 200) throw new Error(`userChallenges: ${res.statusCode} ${res.body}`);
  return res.json() as { challenges: Array<Record<string, unknown>>; lastEvaluatedKey: null };
}

export async function challengeIds(t: TestContext, userId: string, query = ''): Promise<string[]> {
  return (await userChallenges(t, userId, query)).challenges.map((c) => c.challengeId as string);
}
