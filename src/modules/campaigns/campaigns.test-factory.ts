import type { TestContext } from '../../../test/helpers/test-app.js';
import { DAY, NOW } from '../events/events.test-factory.js';

/** Factories of the campaigns tests. The default window is [NOW − 1 day, NOW + 30 days). */
export async function defineCampaign(t: TestContext, body: Record<string, unknown>) {
  const res = await t.admin('POST', '/admin/campaign', { title: 'Promo', startAt: NOW - DAY, endAt: NOW + 30 * DAY, ...body });
  if (res.statusCode !== 201) throw new Error(`defineCampaign: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
}

/** POST /event for the user (a service token, so a `timestamp` may be given); answers the response's data. */
export async function campaignEvent(t: TestContext, userId: string, body: Record<string, unknown> = {}) {
  const res = await t.inject({
    method: 'POST',
    url: '/event',
    headers: await t.serviceAuth(),
    payload: { eventId: 'buy', userId, ...body },
  });
  if (res.statusCode !== 200) throw new Error(`campaignEvent: ${res.statusCode} ${res.body}`);
  return res.json().data as { points: number; campaigns?: Array<{ campaignId: string; points: number; currency: string }> };
}
