import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { createApiKey, NOW } from '../events/events.test-factory.js';
import { codeOf, PROGRAMME, referrals, setProgramme } from './referrals.test-factory.js';

describeSharedApp('referrals: security', (t) => {
  async function setup() {
    await t.setClock(NOW);
    await setProgramme(t);
    for (const u of ['rita', 'ann']) await t.createUser(u);
  }

  it("answers 401 without a token and 403 when a user token reads or enters another user's referral", async () => {
    await setup();
    expect((await t.inject({ method: 'GET', url: '/user/rita/referral' })).statusCode).toBe(401);
    const read = await t.inject({ method: 'GET', url: '/user/rita/referral', headers: await t.auth('mallory') });
    expect(read.statusCode).toBe(403);
    expect(read.json().code).toBe('FORBIDDEN_USER');
    const code = await codeOf(t, 'rita');
    const settle = await t.inject({ method: 'POST', url: '/user/ann/referral', headers: await t.auth('mallory'), payload: { code } });
    expect(settle.statusCode).toBe(403);
    expect((await referrals(t)).length).toBe(0);
  });

  it('lets a service token and an API key act for any user of the project', async () => {
    await setup();
    const code = (await t.inject({ method: 'GET', url: '/user/rita/referral', headers: await t.serviceAuth() })).json().code as string;
    const key = await createApiKey(t);
    const joined = await t.inject({ method: 'POST', url: '/user/ann/referral', headers: { 'x-api-key': key }, payload: { code } });
    expect(joined.statusCode).toBe(201);
  });

  it('keeps the admin routes closed to user tokens, service tokens and API keys', async () => {
    await setup();
    const key = await createApiKey(t);
    const principals = [await t.auth('rita'), await t.serviceAuth(), { 'x-api-key': key }, {}];
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/admin/referral-programme', undefined],
      ['PUT', '/admin/referral-programme', PROGRAMME],
      ['GET', '/admin/referral', undefined],
      ['POST', '/admin/referral/ref_x/approve', undefined],
      ['POST', '/admin/referral/ref_x/reject', undefined],
    ];
    for (const headers of principals)
      for (const [method, url, payload] of routes) {
        const res = await t.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
  });

  it("keeps another project from using a project's codes", async () => {
    await setup();
    const code = await codeOf(t, 'rita');
    const other = `${t.projectId}-other`;
    await t.admin('POST', '/admin/project', { projectId: other, name: 'Other' });
    await t.createUser('ann', other);
    const headers = await t.auth('ann', { projectId: other });
    const res = await t.inject({ method: 'POST', url: '/user/ann/referral', headers, payload: { code } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('REFERRAL_PROGRAMME_INACTIVE');
  });
});
