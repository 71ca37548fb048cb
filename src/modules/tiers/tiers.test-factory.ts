import type { TestContext } from '../../../test/helpers/test-app.js';

/** Test data of tiers, built through the admin and public API. */
export const MARCH = Date.UTC(2026, 2, 10, 12);

/** Matches a time at most a minute after `ms` (the test clock runs on from where it was set). */
export function near(ms: number) {
  return { asymmetricMatch: (v: unknown) => typeof v === 'number' && v >= ms && v < ms + 60_000, toString: () => `near(${ms})` };
}

export async function createTier(
  t: TestContext,
  tierId: string,
  threshold: number,
  multiplier: number,
  fields: Record<string, unknown> = {},
) {
  const res = await t.admin('POST', '/admin/tier', { tierId, title: { de: tierId, en: tierId }, threshold, multiplier, ...fields });
  if (res.statusCode !== 201) throw new Error(`createTier: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Silver from 100 points (×1.5), gold from 500 (×2). */
export async function silverAndGold(t: TestContext) {
  await createTier(t, 'silver', 100, 1.5, { benefits: { en: 'Free delivery' } });
  await createTier(t, 'gold', 500, 2);
}

export async function userTier(t: TestContext, userId: string) {
  const res = await t.inject({ method: 'GET', url: `/user/${encodeURIComponent(userId)}/tier`, headers: await t.auth(userId) });
  if (res.statusCode !== 200) throw new Error(`userTier: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Gives points through an admin ADJUSTMENT (an earning entry: it counts for tiers as for the boards). */
export async function adjust(t: TestContext, userId: string, points: number) {
  const res = await t.admin('POST', `/admin/user/${encodeURIComponent(userId)}/points`, { points, reason: 'test' });
  if (res.statusCode !== 201) throw new Error(`adjust: ${res.statusCode} ${res.body}`);
  return res.json();
}
