import type { TestContext } from '../../../test/helpers/test-app.js';

/** Factories of the analytics tests. */

export const NOW = Date.UTC(2026, 2, 15, 10); // Sunday 2026-03-15 10:00 UTC

export async function defineEvent(t: TestContext, body: Record<string, unknown>, projectId?: string): Promise<void> {
  const res = await t.admin('POST', '/admin/event', { title: 'An event', ...body }, projectId);
  if (res.statusCode !== 201) throw new Error(`defineEvent: ${res.statusCode} ${res.body}`);
}

/**
 * POST /event for the user at an ISO time (offline timestamp), sent as the application's backend
 * imports it (a service token: a user's own token may date an event only 72 hours back).
 */
export async function logEvent(t: TestContext, userId: string, eventId: string, at: string, metadata?: Record<string, unknown>) {
  const res = await t.inject({
    method: 'POST',
    url: '/event',
    headers: await t.serviceAuth(),
    payload: { userId, eventId, timestamp: at, ...(metadata ? { metadata } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`logEvent: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function stats(t: TestContext, query: string, headers?: Record<string, string>) {
  return t.inject({ method: 'GET', url: `/v1/stats/event${query}`, headers: headers ?? (await t.serviceAuth()) });
}

/** Sends many events of `visit` (no points) at once through the write path, as a service would: they share batches. */
export async function feedStage(
  t: TestContext,
  events: Array<{ userId: string; metadata?: Record<string, string | number | boolean | string[]> }>,
): Promise<void> {
  await defineEvent(t, { eventId: 'visit', reward: { default: 0 } });
  const userIds = [...new Set(events.map((e) => e.userId))];
  for (const userId of userIds) await t.app.services.users.create(t.projectId, userId);
  const principal = { kind: 'service' as const, projectId: t.projectId, subject: 'test-service' };
  await Promise.all(
    events.map((e) =>
      t.app.services.events.ingest(principal, { eventId: 'visit', userId: e.userId, ...(e.metadata ? { metadata: e.metadata } : {}) }),
    ),
  );
}

/** 24 hourly counts with the given hours set. */
export function hours(counts: Record<number, number>): number[] {
  return Array.from({ length: 24 }, (_, h) => counts[h] ?? 0);
}
