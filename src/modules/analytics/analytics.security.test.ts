import { beforeEach, expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineEvent, logEvent, NOW, stats } from './analytics.test-factory.js';

describeSharedApp('analytics: security', (t) => {
  beforeEach(async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'login', reward: { default: 1 } });
    await t.createUser('alice');
    await logEvent(t, 'alice', 'login', '2026-03-15T08:00:00Z');
  });

  it('refuses a request without credentials with 401', async () => {
    const res = await t.inject({ method: 'GET', url: '/stats/event?period=7d' });
    expect(res.statusCode).toBe(401);
  });

  it('accepts an API key, a user token and the admin token', async () => {
    const key = (await t.admin('POST', '/admin/apikey', { name: 'reporting' })).json().key as string;
    expect((await stats(t, '?period=1d', { 'x-api-key': key })).json().data.totalEvents).toBe(1);
    expect((await stats(t, '?period=1d', await t.auth('alice'))).statusCode).toBe(200);
    expect((await stats(t, '?period=1d', t.adminAuth())).statusCode).toBe(200);
  });

  it('shows a project only its own events', async () => {
    expect((await t.admin('POST', '/admin/project', { projectId: 'other', name: 'Other' })).statusCode).toBe(201);
    const other = await stats(t, '?period=1d', await t.serviceAuth('other'));
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toMatchObject({ totalEvents: 0, uniqueUsers: 0, eventBreakdown: {} });
    expect((await stats(t, '?period=1d&eventId=login', await t.serviceAuth('other'))).json().data.totalCount).toBe(0);
  });
});
