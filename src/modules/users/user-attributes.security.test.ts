import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';

describeSharedApp('users: who may set attributes', (t) => {
  it('refuses a user token, even for itself, with 403 ATTRIBUTES_FORBIDDEN and changes nothing', async () => {
    await t.createUser('ann');
    const res = await t.inject({
      method: 'PATCH',
      url: '/user/ann',
      headers: await t.auth('ann'),
      payload: { timeZone: 'Europe/Berlin', attributes: { vip: true } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: expect.any(String), code: 'ATTRIBUTES_FORBIDDEN' });
    const user = (await t.inject({ method: 'GET', url: '/user/ann', headers: await t.auth('ann') })).json();
    expect(user).toMatchObject({ timeZone: 'UTC', attributes: {} });
  });

  it('refuses another project, an anonymous caller and an API key without users:write', async () => {
    await t.createUser('bob');
    const other = `${t.projectId}_other`;
    await t.app.services.projects.create({ projectId: other, name: 'Other' });
    const foreign = await t.inject({
      method: 'PATCH',
      url: '/user/bob',
      headers: await t.serviceAuth(other),
      payload: { attributes: { a: 1 } },
    });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await t.inject({ method: 'PATCH', url: '/user/bob', payload: { attributes: { a: 1 } } });
    expect(anonymous.statusCode).toBe(401);
    const key = await t.admin('POST', '/admin/apikey', { name: 'reader', scopes: ['users:read'] });
    const reader = await t.inject({
      method: 'PATCH',
      url: '/user/bob',
      headers: { 'x-api-key': key.json().key },
      payload: { attributes: { a: 1 } },
    });
    expect(reader.json()).toMatchObject({ statusCode: 403, code: 'API_KEY_SCOPE' });
    const user = (await t.inject({ method: 'GET', url: '/user/bob', headers: await t.serviceAuth() })).json();
    expect(user.attributes).toEqual({});
  });
});
