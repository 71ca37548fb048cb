import type { TestContext } from '../../../test/helpers/test-app.js';
import { sendEvent } from '../events/events.test-factory.js';

/** Factories of the streaks tests. */
export async function defineStreak(t: TestContext, body: Record<string, unknown>, projectId?: string) {
  const res = await t.admin(
    'POST',
    '/admin/streak',
    { title: { de: 'Serie', en: 'Streak' }, timeFrame: 'daily', eventIds: ['purchase'], ...body },
    projectId,
  );
  if (res.statusCode !== 201) throw new Error(`defineStreak: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Sends a purchase with the clock at `at` (ms), stamped with exactly that time (the test clock runs on). */
export async function purchaseAt(t: TestContext, userId: string, at: number, extra: Record<string, unknown> = {}) {
  await t.setClock(at);
  const res = await sendEvent(t, userId, { eventId: 'purchase', timestamp: new Date(at).toISOString(), ...extra });
  if (res.statusCode !== 200) throw new Error(`purchaseAt: ${res.statusCode} ${res.body}`);
  return res.json().data as { streaks: Array<Record<string, unknown>>; pointsAwarded: number };
}

export async function userStreak(t: TestContext, userId: string, streakId: string) {
  const res = await t.inject({ method: 'GET', url: `/v1/user/${userId}/streak/${streakId}`, headers: await t.auth(userId) });
  if (res.statusCode !== 200) throw new Error(`userStreak: ${res.statusCode} ${res.body}`);
  return res.json().streak as Record<string, unknown>;
}

export async function streakAnalytics(t: TestContext, streakId: string) {
  const res = await t.inject({ method: 'GET', url: `/v1/analytics/streak?streakId=${streakId}`, headers: await t.serviceAuth() });
  if (res.statusCode !== 200) throw new Error(`streakAnalytics: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, number> | null;
}

export const at = (iso: string) => Date.parse(iso);
