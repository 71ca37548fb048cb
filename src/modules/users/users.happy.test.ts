import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';

describeSharedApp('users: happy path', (t) => {
  it('creates a user and answers 201 with message, userId and createdAt', async () => {
    await t.setClock(Date.UTC(2026, 0, 15, 12));
    const res = await t.inject({ method: 'POST', url: '/v1/user', headers: await t.auth('alice'), payload: { userId: 'alice' } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ message: expect.any(String), userId: 'alice', createdAt: expect.any(Number), timeZone: 'UTC' });
    expect(Math.abs(body.createdAt - Date.UTC(2026, 0, 15, 12))).toBeLessThan(5_000);
  });

  it('shows 0 points and userExists false for an unknown user, still 200', async () => {
    const res = await t.inject({ method: 'GET', url: '/user/nobody/points', headers: await t.auth('nobody') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: 'nobody', points: 0, userExists: false, pending: 0, expiring: [] });
  });

  it('shows the balance after an admin adjustment', async () => {
    await t.createUser('bob');
    const adj = await t.admin('POST', '/admin/user/bob/points', { points: 50, reason: 'welcome bonus' });
    expect(adj.statusCode).toBe(201);
    expect(adj.json()).toMatchObject({ userId: 'bob', points: 50, balance: 50 });
    const res = await t.inject({ method: 'GET', url: '/v3/user/bob/points', headers: await t.auth('bob') });
    expect(res.json()).toEqual({ userId: 'bob', points: 50, userExists: true, pending: 0, expiring: [] });
  });

  it('cuts a debit adjustment at the balance so it never goes below 0', async () => {
    await t.createUser('carol');
    await t.admin('POST', '/admin/user/carol/points', { points: 30, reason: 'bonus' });
    const adj = await t.admin('POST', '/admin/user/carol/points', { points: -100, reason: 'correction' });
    expect(adj.json()).toMatchObject({ points: -30, balance: 0 });
    expect(await t.app.services.points.ledgerSum(t.projectId, 'carol')).toBe(0);
  });

  it('lets a service token create and read any user of its project', async () => {
    const headers = await t.serviceAuth();
    expect((await t.inject({ method: 'POST', url: '/user', headers, payload: { userId: 'dave' } })).statusCode).toBe(201);
    const res = await t.inject({ method: 'GET', url: '/user/dave/points', headers });
    expect(res.json().userExists).toBe(true);
  });
});
