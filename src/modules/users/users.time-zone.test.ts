import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';

/** POST /user { timeZone } and PATCH /user/{userId} { timeZone } (decision 160). */
describeSharedApp('users: time zones', (t) => {
  const create = async (payload: Record<string, unknown>, userId = String(payload.userId)) =>
    t.inject({ method: 'POST', url: '/v1/user', headers: await t.auth(userId), payload });
  const patch = async (userId: string, payload: unknown, headers?: Record<string, string>) =>
    t.inject({
      method: 'PATCH',
      url: `/v1/user/${encodeURIComponent(userId)}`,
      headers: headers ?? (await t.auth(userId)),
      payload: payload as object,
    });
  const zoneOf = (userId: string) => t.app.services.users.timeZone(t.projectId, userId);

  it('creates a user in its time zone, UTC when none is given, and corrects the letter case of a name', async () => {
    const res = await create({ userId: 'ana', timeZone: 'Pacific/Auckland' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ userId: 'ana', timeZone: 'Pacific/Auckland' });
    expect((await create({ userId: 'ben' })).json().timeZone).toBe('UTC');
    expect((await create({ userId: 'cy', timeZone: 'america/new_york' })).json().timeZone).toBe('America/New_York');
    expect(await zoneOf('ana')).toBe('Pacific/Auckland');
  });

  it('refuses an unknown zone or an offset with 400 INVALID_TIME_ZONE and creates nothing', async () => {
    for (const timeZone of ['Mars/Olympus_Mons', '+05:45', 'GMT+99']) {
      const res = await create({ userId: 'dee', timeZone });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringContaining('time zone'),
        code: 'INVALID_TIME_ZONE',
      });
    }
    const empty = await create({ userId: 'dee', timeZone: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ statusCode: 400, code: expect.any(String) });
    expect(await t.app.services.users.exists(t.projectId, 'dee')).toBe(false);
  });

  it('lets the user itself or a service principal change the zone with PATCH', async () => {
    await t.createUser('eve');
    const own = await patch('eve', { timeZone: 'Asia/Kathmandu' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ userId: 'eve', timeZone: 'Asia/Kathmandu', attributes: {} });
    const byService = await patch('eve', { timeZone: 'Europe/Berlin' }, await t.serviceAuth());
    expect(byService.json()).toEqual({ userId: 'eve', timeZone: 'Europe/Berlin', attributes: {} });
    expect(await zoneOf('eve')).toBe('Europe/Berlin');
  });

  it('refuses another user (403), an unknown user (404) and a bad body (400), changing nothing', async () => {
    await t.createUser('fay');
    await t.createUser('gus');
    const other = await patch('fay', { timeZone: 'Europe/Berlin' }, await t.auth('gus'));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ statusCode: 403, error: 'Forbidden', code: expect.any(String) });
    const unknown = await patch('nobody', { timeZone: 'Europe/Berlin' }, await t.serviceAuth());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, code: 'USER_NOT_FOUND' });
    for (const body of [{}, { timeZone: 'Nowhere/Land' }, { timeZone: 5 }, { timeZone: 'UTC', username: 'x' }]) {
      const res = await patch('fay', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: expect.any(String) });
    }
    expect(await zoneOf('fay')).toBe('UTC');
  });

  it('refuses PATCH of a user whose deletion is running (404)', async () => {
    await t.createUser('hal');
    expect((await t.inject({ method: 'DELETE', url: '/user/hal', headers: await t.auth('hal') })).statusCode).toBe(200);
    const res = await patch('hal', { timeZone: 'Europe/Berlin' });
    expect(res.statusCode).toBe(404);
  });

  it('reads the time zone back: GET /user/{userId} and the admin list of users', async () => {
    await create({ userId: 'eve', timeZone: 'Asia/Kathmandu' });
    await patch('eve', { timeZone: 'Europe/Berlin' });
    const own = await t.inject({ method: 'GET', url: '/v1/user/eve', headers: await t.auth('eve') });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ userId: 'eve', createdAt: expect.any(Number), timeZone: 'Europe/Berlin', attributes: {} });
    const other = await t.inject({ method: 'GET', url: '/v1/user/eve', headers: await t.auth('mallory') });
    expect(other.statusCode).toBe(403);
    const ghost = await t.inject({ method: 'GET', url: '/v1/user/ghost', headers: await t.serviceAuth() });
    expect(ghost.json()).toMatchObject({ statusCode: 404, code: 'USER_NOT_FOUND' });
    const list = await t.admin('GET', '/admin/user?prefix=eve');
    expect(list.json().users).toEqual([expect.objectContaining({ userId: 'eve', timeZone: 'Europe/Berlin' })]);
  });
});
