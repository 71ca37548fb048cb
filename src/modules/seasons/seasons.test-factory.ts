import type { TestContext } from '../../../test/helpers/test-app.js';
import { defineEvent, sendEvent } from '../events/events.test-factory.js';

/** Factories of the seasons tests. */
export const JAN_15 = Date.UTC(2026, 0, 15, 12);

/** An event `buy` worth 10 points and users with the given number of buys each (in January). */
export async function january(t: TestContext, buys: Record<string, number>): Promise<void> {
  await t.setClock(JAN_15);
  await defineEvent(t, { eventId: 'buy', reward: { default: 10 } });
  for (const [userId, n] of Object.entries(buys)) {
    await t.createUser(userId);
    for (let i = 0; i < n; i++) {
      const res = await sendEvent(t, userId, { eventId: 'buy' });
      if (res.statusCode !== 200) throw new Error(`buy: ${res.statusCode} ${res.body}`);
    }
  }
}

export async function defineSeasonReward(t: TestContext, body: Record<string, unknown>) {
  const res = await t.admin('POST', '/admin/season-reward', { groupId: 'default', ...body });
  if (res.statusCode !== 201) throw new Error(`defineSeasonReward: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function archive(t: TestContext, query: string, projectId = t.projectId) {
  return t.inject({ method: 'GET', url: `/project/${projectId}/leaderboard/archive?${query}`, headers: await t.serviceAuth() });
}

export async function seasonEntries(t: TestContext, userId: string) {
  const res = await t.inject({ method: 'GET', url: `/user/${userId}/history?showAll=true`, headers: await t.auth(userId) });
  if (res.statusCode === 204) return [];
  return (res.json() as Array<{ type: string; points: number; title: Record<string, string> }>).filter((e) => e.type === 'SEASON');
}
