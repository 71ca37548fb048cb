import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { createTier } from './tiers.test-factory.js';

const errorBody = (statusCode: number, code: string) => ({ statusCode, code, error: expect.any(String), message: expect.any(String) });

describeSharedApp('tiers: errors', (t) => {
  it('refuses bad tier bodies with 400 and changes nothing', async () => {
    for (const body of [
      { tierId: 'gold', title: { en: 'Gold' }, threshold: -1, multiplier: 2 },
      { tierId: 'gold', title: { en: 'Gold' }, threshold: 10, multiplier: 0.5 },
      { tierId: 'gold', title: { en: 'Gold' }, threshold: 10 },
      { tierId: 'gold one', title: { en: 'Gold' }, threshold: 10, multiplier: 2 },
      { tierId: 'gold', title: { en: 'Gold' }, threshold: 10, multiplier: 2, colour: 'gold' },
    ]) {
      const res = await t.admin('POST', '/admin/tier', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject(errorBody(400, 'VALIDATION_ERROR'));
    }
    expect((await t.admin('GET', '/admin/tier')).json()).toEqual([]);
  });

  it('a taken id or a taken threshold is 409; an unknown tier is 404; a mismatched id is 400', async () => {
    await createTier(t, 'gold', 500, 2);
    expect(
      (await t.admin('POST', '/admin/tier', { tierId: 'gold', title: { en: 'Gold' }, threshold: 600, multiplier: 2 })).json(),
    ).toMatchObject(errorBody(409, 'TIER_EXISTS'));
    expect(
      (await t.admin('POST', '/admin/tier', { tierId: 'other', title: { en: 'Other' }, threshold: 500, multiplier: 2 })).json(),
    ).toMatchObject(errorBody(409, 'TIER_THRESHOLD_TAKEN'));
    expect((await t.admin('GET', '/admin/tier/nope')).json()).toMatchObject(errorBody(404, 'TIER_NOT_FOUND'));
    expect((await t.admin('PUT', '/admin/tier/nope', { title: { en: 'x' }, threshold: 1, multiplier: 1 })).json()).toMatchObject(
      errorBody(404, 'TIER_NOT_FOUND'),
    );
    expect((await t.admin('DELETE', '/admin/tier/nope')).json()).toMatchObject(errorBody(404, 'TIER_NOT_FOUND'));
    expect(
      (await t.admin('PUT', '/admin/tier/gold', { tierId: 'silver', title: { en: 'x' }, threshold: 1, multiplier: 1 })).json(),
    ).toMatchObject(errorBody(400, 'ID_MISMATCH'));
    expect((await t.admin('GET', '/admin/tier/gold')).json()).toMatchObject({ threshold: 500, multiplier: 2 });
  });

  it('an offer naming an unknown tier is 400 UNKNOWN_TIER', async () => {
    const res = await t.admin('POST', '/admin/offer', { offerId: 'lounge', points: 10, title: { en: 'Lounge' }, tiers: ['platinum'] });
    expect(res.json()).toMatchObject(errorBody(400, 'UNKNOWN_TIER'));
    expect((await t.admin('GET', '/admin/offer/lounge')).statusCode).toBe(404);
  });

  it('bad project settings are 400 and keep the old ones', async () => {
    for (const body of [
      { name: 'p', tierWindow: { months: 0 } },
      { name: 'p', tierGraceMonths: -1 },
      { name: 'p', tierWindow: 12 },
    ]) {
      expect((await t.admin('PUT', `/admin/project/${t.projectId}`, body)).statusCode).toBe(400);
    }
    expect((await t.admin('GET', `/admin/project/${t.projectId}`)).json()).toMatchObject({
      tierWindow: { months: 12 },
      tierGraceMonths: 1,
    });
  });

  it('GET /user/{userId}/tier: 401 without a token, 403 for another user, 404 for an unknown user', async () => {
    await t.createUser('alice');
    expect((await t.inject({ method: 'GET', url: '/user/alice/tier' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/user/alice/tier', headers: await t.auth('bob') })).json()).toMatchObject(
      errorBody(403, expect.any(String)),
    );
    expect((await t.inject({ method: 'GET', url: '/user/ghost/tier', headers: await t.auth('ghost') })).json()).toMatchObject(
      errorBody(404, 'USER_NOT_FOUND'),
    );
    expect((await t.inject({ method: 'GET', url: '/admin/tier', headers: await t.auth('alice') })).statusCode).toBe(401);
  });
});
