import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { DAY, NOW } from '../events/events.test-factory.js';

describeSharedApp('campaigns: admin only', (t) => {
  const body = { campaignId: 'promo', title: 'Promo', startAt: NOW, endAt: NOW + DAY, effect: { bonus: 5 } };

  it('refuses user tokens, service tokens, API keys and anonymous callers with 401, and creates nothing', async () => {
    const key = (await t.admin('POST', '/admin/apikey', { name: 'backend' })).json().key as string;
    const callers = [await t.auth('ann'), await t.serviceAuth(), { 'x-api-key': key }, {}];
    for (const headers of callers) {
      for (const [method, url] of [
        ['POST', '/admin/campaign'],
        ['GET', '/admin/campaign'],
        ['GET', '/admin/campaign/promo'],
        ['PUT', '/admin/campaign/promo'],
        ['DELETE', '/admin/campaign/promo'],
      ] as const) {
        const res = await t.inject({ method, url, headers, ...(method === 'POST' || method === 'PUT' ? { payload: body } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: expect.any(String) });
      }
    }
    expect((await t.admin('GET', '/admin/campaign')).json()).toEqual([]);
  });

  it("keeps a project's campaigns to itself", async () => {
    expect((await t.admin('POST', '/admin/campaign', body)).statusCode).toBe(201);
    const other = `${t.projectId}_b`;
    await t.app.services.projects.create({ projectId: other, name: 'Other' });
    expect((await t.admin('GET', '/admin/campaign', undefined, other)).json()).toEqual([]);
    expect((await t.admin('GET', '/admin/campaign/promo', undefined, other)).statusCode).toBe(404);
    expect((await t.admin('DELETE', '/admin/campaign/promo', undefined, other)).statusCode).toBe(404);
    expect((await t.admin('GET', '/admin/campaign/promo')).statusCode).toBe(200);
  });
});
