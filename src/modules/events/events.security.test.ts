import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, createApiKey, defineEvent, sendEvent } from './events.test-factory.js';

describeSharedApp('events: security', (t) => {
  it('answers 401 without a token and with a bad one', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await t.createUser('ann');
    const none = await t.inject({ method: 'POST', url: '/event', payload: { eventId: 'buy', userId: 'ann' } });
    expect(none.statusCode).toBe(401);
    const bad = await sendEvent(t, 'ann', { eventId: 'buy' }, { authorization: 'Bearer not.a.token' });
    expect(bad.statusCode).toBe(401);
    const badKey = await sendEvent(t, 'ann', { eventId: 'buy' }, { 'x-api-key': 'nope' });
    expect(badKey.statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/event' })).statusCode).toBe(401);
    expect(await balance(t, 'ann')).toBe(0);
  });

  it('refuses a user token sending an event for another user with 403', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await t.createUser('ann');
    const res = await sendEvent(t, 'ann', { eventId: 'buy' }, await t.auth('mallory'));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN_USER');
    expect(await balance(t, 'ann')).toBe(0);
  });

  it('lets a service token and an API key send events for any user of the project', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await t.createUser('ann');
    expect((await sendEvent(t, 'ann', { eventId: 'buy' }, await t.serviceAuth())).statusCode).toBe(200);
    const key = await createApiKey(t);
    expect((await sendEvent(t, 'ann', { eventId: 'buy' }, { 'x-api-key': key })).statusCode).toBe(200);
    expect(await balance(t, 'ann')).toBe(10);
  });

  it('requires an API key for an event with requiresApiKey: a JWT gets 403', async () => {
    await defineEvent(t, { eventId: 'pos', reward: { default: 50 }, requiresApiKey: true });
    await t.createUser('ann');
    const jwt = await sendEvent(t, 'ann', { eventId: 'pos' });
    expect(jwt.statusCode).toBe(403);
    expect(jwt.json().code).toBe('API_KEY_REQUIRED');
    expect((await sendEvent(t, 'ann', { eventId: 'pos' }, await t.serviceAuth())).statusCode).toBe(403);
    const key = await createApiKey(t);
    const ok = await sendEvent(t, 'ann', { eventId: 'pos' }, { 'x-api-key': key });
    expect(ok.statusCode).toBe(200);
    expect(await balance(t, 'ann')).toBe(50);
  });

  it('keeps projects apart: an event of project A is unknown to a token of project B', async () => {
    expect((await t.admin('POST', '/admin/project', { projectId: 'b', name: 'B' })).statusCode).toBe(201);
    await defineEvent(t, { eventId: 'secret', reward: { default: 5 } });
    await t.createUser('ann', 'b');
    const headers = await t.auth('ann', { projectId: 'b' });
    expect((await sendEvent(t, 'ann', { eventId: 'secret' }, headers)).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/event/secret', headers })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/event', headers })).statusCode).toBe(204);
    expect((await t.admin('GET', '/admin/event/secret', undefined, 'b')).statusCode).toBe(404);
  });

  it('keeps /admin/event to the admin token', async () => {
    const user = await t.inject({ method: 'POST', url: '/admin/event', headers: await t.auth('ann'), payload: { title: 'X' } });
    expect(user.statusCode).toBe(401);
    const key = await createApiKey(t);
    expect((await t.inject({ method: 'GET', url: '/admin/event', headers: { 'x-api-key': key } })).statusCode).toBe(401);
  });
});
