import type { TestContext } from '../../../test/helpers/test-app.js';

/** Test data for offers, shops and redemptions, built through the admin and public API. */
export async function createOffer(t: TestContext, fields: Record<string, unknown> = {}, projectId?: string) {
  const res = await t.admin(
    'POST',
    '/admin/offer',
    { offerId: 'coffee', type: 'LOCAL', points: 30, title: { de: 'Kaffee', en: 'Coffee' }, ...fields },
    projectId,
  );
  if (res.statusCode !== 201) throw new Error(`createOffer: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function createShop(t: TestContext, fields: Record<string, unknown> = {}) {
  const res = await t.admin('POST', '/admin/shop', { shopId: 'cafe', name: 'Café Laurel', ...fields });
  if (res.statusCode !== 201) throw new Error(`createShop: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Creates the user and gives it `points` through an ADJUSTMENT. */
export async function userWithPoints(t: TestContext, userId: string, points: number, projectId?: string) {
  await t.createUser(userId, projectId);
  if (points > 0) {
    const res = await t.admin('POST', `/admin/user/${userId}/points`, { points, reason: 'test points' }, projectId);
    if (res.statusCode !== 201) throw new Error(`points: ${res.statusCode} ${res.body}`);
  }
}

export async function redeem(t: TestContext, userId: string, offerId: string, payload: object = {}) {
  return t.inject({ method: 'POST', url: `/user/${userId}/offer/${offerId}/redeem`, headers: await t.auth(userId), payload });
}

export async function balance(t: TestContext, userId: string): Promise<number> {
  const res = await t.inject({ method: 'GET', url: `/user/${userId}/points`, headers: await t.auth(userId) });
  return res.json().points as number;
}
