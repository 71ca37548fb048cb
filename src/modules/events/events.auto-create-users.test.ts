import { expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { balance, defineEvent, NOW, sendEvent } from './events.test-factory.js';

/** The project setting autoCreateUsers (decision 230): off by default (404 that says what to do), on: the first event creates the user. */
describeBackends('events: users created by their first event', (t) => {
  const setAutoCreate = async (on: boolean) => {
    const res = await t.admin('PUT', '/admin/project/default', { name: 'Default project', autoCreateUsers: on });
    expect(res.statusCode).toBe(200);
    expect(res.json().autoCreateUsers).toBe(on);
  };

  it('is off by default: an event of an unknown user is a 404 that says how to create the user', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    expect((await t.admin('GET', '/admin/project/default')).json().autoCreateUsers).toBe(false);
    const res = await sendEvent(t, 'alice', { eventId: 'buy' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'USER_NOT_FOUND',
      message: 'User alice not found: create it first with POST /user, or turn on the project setting autoCreateUsers',
    });
    expect((await t.inject({ method: 'GET', url: '/user/alice/points', headers: await t.auth('alice') })).json().userExists).toBe(false);
  });

  it('when on, POST /event creates the unknown user and awards the event in the same write', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await setAutoCreate(true);
    const res = await sendEvent(t, 'alice', { eventId: 'buy' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ userId: 'alice', pointsAwarded: 5 });
    expect(await balance(t, 'alice')).toBe(5);
    const user = await t.inject({ method: 'GET', url: '/user/alice', headers: await t.auth('alice') });
    expect(user.json()).toMatchObject({ userId: 'alice', timeZone: 'UTC' });
    expect(user.json().createdAt).toBeGreaterThanOrEqual(NOW); // the test clock runs on from NOW
    // A second event finds the user; POST /user now says it exists.
    expect((await sendEvent(t, 'alice', { eventId: 'buy' })).statusCode).toBe(200);
    expect(await balance(t, 'alice')).toBe(10);
    const again = await t.inject({ method: 'POST', url: '/user', headers: await t.auth('alice'), payload: { userId: 'alice' } });
    expect(again.json().code).toBe('USER_EXISTS');
  });

  it('when on, POST /events creates each unknown user once, items of one user seeing the ones before', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 }, limit: 2 });
    await setAutoCreate(true);
    await t.createUser('ann');
    const res = await t.inject({
      method: 'POST',
      url: '/events',
      headers: await t.serviceAuth(),
      payload: {
        events: [
          { eventId: 'buy', userId: 'bea' },
          { eventId: 'buy', userId: 'ann' },
          { eventId: 'buy', userId: 'bea' },
          { eventId: 'buy', userId: 'bea' },
          { eventId: 'nope', userId: 'cem' },
        ],
      },
    });
    const results = res.json().results as Array<{ statusCode: number; code?: string; data?: { points: number } }>;
    expect(results.map((r) => [r.statusCode, r.data?.points ?? r.code])).toEqual([
      [200, 5],
      [200, 5],
      [200, 5],
      [200, 0],
      [404, 'EVENT_NOT_FOUND'],
    ]);
    expect(await balance(t, 'bea')).toBe(10);
    // An item refused before the write path creates nobody.
    expect((await t.inject({ method: 'GET', url: '/user/cem/points', headers: await t.auth('cem') })).json().userExists).toBe(false);
  });

  it('switched off again, unknown users are refused again', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await setAutoCreate(true);
    await setAutoCreate(false);
    expect((await sendEvent(t, 'dan', { eventId: 'buy' })).statusCode).toBe(404);
    // Another setting changed without autoCreateUsers keeps it (decision 143).
    await setAutoCreate(true);
    const res = await t.admin('PUT', '/admin/project/default', { name: 'Renamed' });
    expect(res.json().autoCreateUsers).toBe(true);
  });
});
