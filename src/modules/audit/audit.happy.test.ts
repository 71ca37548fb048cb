import { expect, it } from 'vitest';
import { describeSharedApp, type TestContext } from '../../../test/helpers/test-app.js';
import { defineEvent } from '../events/events.test-factory.js';

async function auditLog(t: TestContext, query = '', projectId?: string) {
  const res = await t.admin('GET', `/admin/audit-log${query}`, undefined, projectId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: Array<Record<string, any>>; nextCursor: string | null };
}

describeSharedApp('audit log: every admin change', (t) => {
  it('records create, update and delete with the object before and after, newest first', async () => {
    await defineEvent(t, { eventId: 'buy', title: 'Purchase', reward: { default: 5 } });
    const def = (await t.admin('GET', '/admin/event/buy')).json();
    expect((await t.admin('PUT', '/admin/event/buy', { ...strip(def), status: 'INACTIVE' })).statusCode).toBe(200);
    expect((await t.admin('DELETE', '/admin/event/buy')).statusCode).toBe(204);

    const { entries } = await auditLog(t, '?resource=event&resourceId=buy');
    expect(entries.map((e) => [e.action, e.actor, e.resource, e.resourceId])).toEqual([
      ['delete', 'admin', 'event', 'buy'],
      ['update', 'admin', 'event', 'buy'],
      ['create', 'admin', 'event', 'buy'],
    ]);
    const [deleted, updated, created] = entries;
    expect(created!.before).toBeNull();
    expect(created!.after).toMatchObject({ eventId: 'buy', status: 'ACTIVE' });
    expect(updated!.before).toMatchObject({ status: 'ACTIVE' });
    expect(updated!.after).toMatchObject({ status: 'INACTIVE' });
    expect(deleted!.before).toMatchObject({ eventId: 'buy', status: 'INACTIVE' });
    expect(deleted!.after).toBeNull();
    expect(typeof created!.at).toBe('number');
  });

  it('records an adjustment with the balance before and after and its reason', async () => {
    await t.createUser('uma');
    expect((await t.admin('POST', '/admin/user/uma/points', { points: 40, reason: 'welcome' })).statusCode).toBe(201);
    expect((await t.admin('POST', '/admin/user/uma/points', { points: -999999, reason: 'fraud' })).statusCode).toBe(201);
    const { entries } = await auditLog(t, '?resource=user&resourceId=uma');
    expect(entries.map((e) => [e.action, e.before?.balance, e.after?.balance, e.after?.reason])).toEqual([
      ['adjustment', 40, 0, 'fraud'],
      ['adjustment', 0, 40, 'welcome'],
    ]);
  });

  it('records API key creation and revocation without the key itself', async () => {
    const created = await t.admin('POST', '/admin/apikey', { name: 'shop backend' });
    const { apiKeyId, key } = created.json();
    expect((await t.admin('DELETE', `/admin/apikey/${apiKeyId}`)).statusCode).toBe(204);
    const { entries } = await auditLog(t, '?resource=apikey');
    expect(entries.map((e) => [e.action, e.resourceId])).toEqual([
      ['delete', apiKeyId],
      ['create', apiKeyId],
    ]);
    expect(JSON.stringify(entries)).not.toContain(key);
    expect(entries[1]!.after.key).toBe('[redacted]');
  });

  it('records project changes under that project, and user groups created with an API key under the key', async () => {
    expect((await t.admin('POST', '/admin/project', { projectId: 'shop-eu', name: 'Shop EU' })).statusCode).toBe(201);
    expect((await t.admin('PUT', '/admin/project/shop-eu', { name: 'Shop Europe' })).statusCode).toBe(200);
    const project = await auditLog(t, '?resource=project', 'shop-eu');
    expect(project.entries.map((e) => [e.action, e.before?.name ?? null, e.after?.name])).toEqual([
      ['update', 'Shop EU', 'Shop Europe'],
      ['create', null, 'Shop EU'],
    ]);
    expect((await auditLog(t, '?resource=project')).entries).toEqual([]);

    const key = (await t.admin('POST', '/admin/apikey', { name: 'backend' })).json();
    const res = await t.inject({
      method: 'POST',
      url: '/usergroup',
      headers: { 'x-api-key': key.key },
      payload: { userGroupId: 'vip', title: { default: 'VIP', de: 'VIP' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const groups = await auditLog(t, '?resource=usergroup');
    expect(groups.entries.map((e) => [e.action, e.actor, e.resourceId])).toEqual([['create', `apikey:${key.apiKeyId}`, 'vip']]);
  });

  it('records nothing for a refused change, and pages with a cursor', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    expect((await t.admin('POST', '/admin/event', { eventId: 'buy', title: 'Again', reward: { default: 1 } })).statusCode).toBe(409);
    expect((await t.admin('DELETE', '/admin/event/nope')).statusCode).toBe(404);
    for (const eventId of ['a', 'b', 'c']) await defineEvent(t, { eventId, reward: { default: 1 } });
    const first = await auditLog(t, '?limit=3');
    expect(first.entries.map((e) => e.resourceId)).toEqual(['c', 'b', 'a']);
    const second = await auditLog(t, `?limit=3&cursor=${first.nextCursor}`);
    expect(second.entries.map((e) => e.resourceId)).toEqual(['buy']);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a bad cursor or unknown parameter, and non-admin callers', async () => {
    for (const [query, code] of [
      ['?cursor=bm9wZQ', 'INVALID_CURSOR'],
      ['?sort=at', 'VALIDATION_ERROR'],
      ['?limit=0', 'VALIDATION_ERROR'],
    ] as const) {
      const res = await t.admin('GET', `/admin/audit-log${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String), code });
    }
    for (const headers of [await t.auth('uma'), await t.serviceAuth(), {}]) {
      expect((await t.inject({ method: 'GET', url: '/admin/audit-log', headers })).statusCode).toBe(401);
    }
  });
});

/** A definition as PUT takes it (without the times the service keeps). */
function strip(def: Record<string, unknown>): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, ...rest } = def;
  return rest;
}
