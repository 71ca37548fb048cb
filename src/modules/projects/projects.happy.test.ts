import { expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';

describeBackends('admin: projects and API keys', (t) => {
  it('has the default project from the first start', async () => {
    const res = await t.admin('GET', '/admin/project');
    expect(res.json()).toEqual([expect.objectContaining({ projectId: 'default' })]);
  });

  it('creates, reads, renames and deletes a project; 409 on a taken id', async () => {
    const created = await t.admin('POST', '/admin/project', { projectId: 'shop-eu', name: 'Shop EU' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ projectId: 'shop-eu', name: 'Shop EU' });
    expect((await t.admin('POST', '/admin/project', { projectId: 'shop-eu', name: 'Again' })).statusCode).toBe(409);
    expect((await t.admin('PUT', '/admin/project/shop-eu', { name: 'Shop Europe' })).json().name).toBe('Shop Europe');
    expect((await t.admin('GET', '/admin/project/shop-eu')).json().name).toBe('Shop Europe');
    expect((await t.admin('DELETE', '/admin/project/shop-eu')).statusCode).toBe(202);
    expect((await t.admin('GET', '/admin/project/shop-eu')).statusCode).toBe(404);
  });

  it('stops accepting tokens of a deleted project, and refuses to delete default', async () => {
    await t.admin('POST', '/admin/project', { projectId: 'tmp', name: 'Tmp' });
    const headers = await t.auth('alice', { projectId: 'tmp' });
    expect((await t.inject({ method: 'GET', url: '/user/alice/points', headers })).statusCode).toBe(200);
    await t.admin('DELETE', '/admin/project/tmp');
    expect((await t.inject({ method: 'GET', url: '/user/alice/points', headers })).statusCode).toBe(401);
    expect((await t.admin('DELETE', '/admin/project/default')).statusCode).toBe(400);
  });

  it('generates a project id when omitted and validates ids', async () => {
    expect((await t.admin('POST', '/admin/project', { name: 'Gen' })).json().projectId).toMatch(/^prj_[a-z0-9]+$/);
    expect((await t.admin('POST', '/admin/project', { projectId: 'bad id', name: 'X' })).statusCode).toBe(400);
    expect((await t.admin('POST', '/admin/project', { projectId: 'x' })).statusCode).toBe(400);
  });

  it('answers 404 for an admin request to an unknown x-project-id', async () => {
    const res = await t.admin('GET', '/admin/usergroup', undefined, 'missing');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PROJECT_NOT_FOUND');
  });

  it('shows an API key once, lists it without the key, stores only its hash', async () => {
    const created = await t.admin('POST', '/admin/apikey', { name: 'backend' });
    expect(created.statusCode).toBe(201);
    const key = created.json();
    expect(key).toMatchObject({ apiKeyId: expect.stringMatching(/^ak_/), name: 'backend', key: expect.stringMatching(/^lrl_/) });
    const list = (await t.admin('GET', '/admin/apikey')).json();
    expect(list).toEqual([
      {
        apiKeyId: key.apiKeyId,
        name: 'backend',
        keyPrefix: key.key.slice(0, 8),
        scopes: ['events:write', 'users:write', 'users:read', 'rewards:write'],
        createdAt: expect.any(Number),
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(key.key);
    const rows = await t.app.platform.db.kysely.selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(key.key);
    expect((await t.admin('PUT', `/admin/apikey/${key.apiKeyId}`, { name: 'renamed' })).json().name).toBe('renamed');
  });

  it('binds an API key to its project', async () => {
    await t.admin('POST', '/admin/project', { projectId: 'p2', name: 'P2' });
    const { key } = (await t.admin('POST', '/admin/apikey', { name: 'p2 backend' }, 'p2')).json();
    const res = await t.inject({
      method: 'POST',
      url: '/usergroup',
      headers: { 'x-api-key': key },
      payload: { title: { default: 'G', de: 'G' }, userGroupId: 'g' },
    });
    expect(res.statusCode).toBe(201);
    expect((await t.admin('GET', '/admin/usergroup/g', undefined, 'p2')).statusCode).toBe(200);
    expect((await t.admin('GET', '/admin/usergroup/g')).statusCode).toBe(404);
  });
});
