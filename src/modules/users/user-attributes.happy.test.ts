import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';

/** PATCH /user/{userId} { attributes } (issue 28, decision 315). */
describeSharedApp('users: attributes', (t) => {
  const patch = async (userId: string, payload: unknown, headers?: Record<string, string>) =>
    t.inject({
      method: 'PATCH',
      url: `/user/${encodeURIComponent(userId)}`,
      headers: headers ?? (await t.serviceAuth()),
      payload: payload as object,
    });

  it('sets string, number, boolean and date attributes and shows them on GET /user and the admin list', async () => {
    await t.createUser('ann');
    const attributes = { plan: 'premium', orders: 12.5, newsletter: true, birthday: '1990-04-01' };
    const res = await patch('ann', { attributes });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: 'ann', timeZone: 'UTC', attributes });
    const own = await t.inject({ method: 'GET', url: '/user/ann', headers: await t.auth('ann') });
    expect(own.json()).toEqual({ userId: 'ann', createdAt: expect.any(Number), timeZone: 'UTC', attributes });
    const list = await t.admin('GET', '/admin/user?prefix=ann');
    expect(list.json().users).toEqual([expect.objectContaining({ userId: 'ann', attributes })]);
  });

  it('merges: a key given replaces its value, null removes it, others stay; the time zone may change with them', async () => {
    await t.createUser('bob');
    await patch('bob', { attributes: { plan: 'basic', country: 'DE', vip: false } });
    const res = await patch('bob', { timeZone: 'Europe/Berlin', attributes: { plan: 'premium', country: null } });
    expect(res.json()).toEqual({ userId: 'bob', timeZone: 'Europe/Berlin', attributes: { plan: 'premium', vip: false } });
    expect((await patch('bob', { timeZone: 'UTC' })).json().attributes).toEqual({ plan: 'premium', vip: false });
  });

  it('lets the admin token and an API key set attributes', async () => {
    await t.createUser('cy');
    const byAdmin = await patch('cy', { attributes: { tier: 'gold' } }, t.adminAuth(t.projectId));
    expect(byAdmin.statusCode).toBe(200);
    const key = await t.admin('POST', '/admin/apikey', { name: 'crm' });
    const byKey = await patch('cy', { attributes: { crm: 'yes' } }, { 'x-api-key': key.json().key });
    expect(byKey.json().attributes).toEqual({ crm: 'yes', tier: 'gold' });
  });

  it('keeps every key of concurrent PATCHes', async () => {
    await t.createUser('dee');
    const headers = await t.serviceAuth();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => patch('dee', { attributes: { [`k${i}`]: i } }, headers)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const own = await t.inject({ method: 'GET', url: '/user/dee', headers });
    expect(Object.keys(own.json().attributes).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `k${i}`).sort());
  });

  it('accepts 20 keys', async () => {
    await t.createUser('eve');
    const attributes = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`a${i}`, i]));
    expect((await patch('eve', { attributes })).statusCode).toBe(200);
  });
});
