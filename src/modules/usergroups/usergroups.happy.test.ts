import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';

const title = { default: 'Gold', de: 'Gold', en: 'Gold' };

describeSharedApp('user groups: happy path', (t) => {
  it('creates a group with a JWT: 201 with message, userGroupId and createdAt', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/v1/usergroup',
      headers: await t.auth('any-user'),
      payload: { title, userGroupId: 'gold_members-1' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: expect.any(String), userGroupId: 'gold_members-1', createdAt: expect.any(Number) });
  });

  it('generates ug_ ids when the id is omitted', async () => {
    const res = await t.inject({ method: 'POST', url: '/usergroup', headers: await t.auth('u'), payload: { title } });
    expect(res.statusCode).toBe(201);
    expect(res.json().userGroupId).toMatch(/^ug_[a-z0-9]+$/);
  });

  it('creates with an API key and fills the description with empty strings, status ACTIVE', async () => {
    const { key } = (await t.admin('POST', '/admin/apikey', { name: 'backend' })).json();
    const res = await t.inject({
      method: 'POST',
      url: '/usergroup',
      headers: { 'x-api-key': key },
      payload: { title: { default: 'S', de: 'S' }, userGroupId: 'silver' },
    });
    expect(res.statusCode).toBe(201);
    const stored = (await t.admin('GET', '/admin/usergroup/silver')).json();
    expect(stored).toMatchObject({
      userGroupId: 'silver',
      title: { default: 'S', de: 'S' },
      description: { default: '', de: '', en: '' },
      status: 'ACTIVE',
    });
  });

  it('offers create, list, get, update and delete in the admin API', async () => {
    const created = await t.admin('POST', '/admin/usergroup', { title, userGroupId: 'vip', description: { de: 'Beste Kunden' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      userGroupId: 'vip',
      status: 'ACTIVE',
      description: { default: '', de: 'Beste Kunden', en: '' },
    });
    expect((await t.admin('GET', '/admin/usergroup')).json().map((g: { userGroupId: string }) => g.userGroupId)).toEqual(['vip']);
    const updated = await t.admin('PUT', '/admin/usergroup/vip', { title: { default: 'VIP', de: 'VIP' }, status: 'INACTIVE' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ title: { default: 'VIP', de: 'VIP' }, status: 'INACTIVE' });
    expect((await t.admin('DELETE', '/admin/usergroup/vip')).statusCode).toBe(204);
    expect((await t.admin('GET', '/admin/usergroup/vip')).statusCode).toBe(404);
  });

  it('keeps groups of different projects apart', async () => {
    await t.admin('POST', '/admin/project', { projectId: 'other', name: 'Other' });
    await t.admin('POST', '/admin/usergroup', { title, userGroupId: 'vip' }, 'other');
    expect((await t.admin('GET', '/admin/usergroup/vip')).statusCode).toBe(404);
    expect((await t.admin('POST', '/admin/usergroup', { title, userGroupId: 'vip' })).statusCode).toBe(201);
  });
});
