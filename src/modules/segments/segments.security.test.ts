import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';

describeSharedApp('segments: admin only', (t) => {
  const body = { segmentId: 'seg', title: 'Segment', rules: [{ field: 'tier', operator: 'exists' }] };
  const routes = [
    ['POST', '/admin/segment'],
    ['GET', '/admin/segment'],
    ['GET', '/admin/segment/seg'],
    ['PUT', '/admin/segment/seg'],
    ['DELETE', '/admin/segment/seg'],
    ['GET', '/admin/segment/seg/count'],
    ['GET', '/admin/segment/seg/users'],
  ] as const;

  it('refuses user tokens, service tokens, API keys and anonymous callers with 401, and changes nothing', async () => {
    expect((await t.admin('POST', '/admin/segment', body)).statusCode).toBe(201);
    const key = (await t.admin('POST', '/admin/apikey', { name: 'backend' })).json().key as string;
    const callers = [await t.auth('ann'), await t.serviceAuth(), { 'x-api-key': key }, {}];
    for (const headers of callers) {
      for (const [method, url] of routes) {
        const res = await t.inject({
          method,
          url,
          headers,
          ...(method === 'POST' || method === 'PUT' ? { payload: { ...body, title: 'X' } } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: expect.any(String) });
      }
    }
    expect((await t.admin('GET', '/admin/segment')).json()).toMatchObject([{ segmentId: 'seg', title: 'Segment' }]);
  });

  it("keeps a project's segments and users to itself", async () => {
    expect((await t.admin('POST', '/admin/segment', body)).statusCode).toBe(201);
    await t.createUser('ann');
    const other = `${t.projectId}_b`;
    await t.app.services.projects.create({ projectId: other, name: 'Other' });
    expect((await t.admin('GET', '/admin/segment', undefined, other)).json()).toEqual([]);
    for (const [method, url] of routes.slice(2)) {
      if (method === 'PUT') continue;
      expect((await t.admin(method, url, undefined, other)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      (await t.admin('POST', '/admin/segment', { ...body, rules: [{ field: 'tier', operator: 'exists', value: false }] }, other))
        .statusCode,
    ).toBe(201);
    expect((await t.admin('GET', '/admin/segment/seg/count', undefined, other)).json()).toEqual({ segmentId: 'seg', count: 0 });
    expect((await t.admin('GET', '/admin/segment/seg/count')).json()).toEqual({ segmentId: 'seg', count: 0 });
    const mine = await t.admin('PUT', '/admin/segment/seg', { ...body, rules: [{ field: 'tier', operator: 'exists', value: false }] });
    expect(mine.statusCode).toBe(200);
    expect((await t.admin('GET', '/admin/segment/seg/count')).json()).toEqual({ segmentId: 'seg', count: 1 });
  });
});
