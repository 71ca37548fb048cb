import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineEvent } from '../events/events.test-factory.js';
import { defineChallenge } from '../challenges/challenges.test-factory.js';
import { at, defineStreak, purchaseAt } from './streaks.test-factory.js';

describeSharedApp('challenges and streaks: security', (t) => {
  async function setup() {
    await t.setClock(at('2027-01-01T08:00:00Z'));
    await defineEvent(t, { eventId: 'purchase', reward: { default: 1 } });
    await defineStreak(t, { streakId: 's' });
    await defineChallenge(t, { challengeId: 'c', goal: 2 });
    await t.createUser('alice');
    await purchaseAt(t, 'alice', at('2027-01-01T10:00:00Z'));
  }

  const userRoutes = ['/user/alice/streak', '/user/alice/streak/s', '/user/alice/challenge', '/user/alice/challenge/c'];

  it('answers 401 without a token and 403 for another user', async () => {
    await setup();
    for (const url of userRoutes) {
      expect((await t.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      const other = await t.inject({ method: 'GET', url, headers: await t.auth('mallory') });
      expect(other.statusCode, url).toBe(403);
      expect(other.json().code).toBe('FORBIDDEN_USER');
    }
  });

  it('lets a service token, and the admin token, read any user of the project', async () => {
    await setup();
    for (const url of userRoutes) {
      expect((await t.inject({ method: 'GET', url, headers: await t.serviceAuth() })).statusCode, url).toBe(200);
      expect((await t.inject({ method: 'GET', url, headers: t.adminAuth() })).statusCode, url).toBe(200);
    }
  });

  it('keeps another project from seeing the user data, challenges or analytics', async () => {
    await setup();
    await t.admin('POST', '/admin/project', { projectId: 'other', name: 'Other' });
    const headers = await t.auth('alice', { projectId: 'other' });
    expect((await t.inject({ method: 'GET', url: '/user/alice/streak', headers })).json()).toEqual({ streaks: [], count: 0 });
    expect((await t.inject({ method: 'GET', url: '/user/alice/challenge', headers })).json()).toEqual({
      challenges: [],
      lastEvaluatedKey: null,
    });
    expect((await t.inject({ method: 'GET', url: '/user/alice/streak/s', headers })).statusCode).toBe(404);
    const analytics = await t.inject({ method: 'GET', url: '/analytics/streak?streakId=s', headers: await t.serviceAuth('other') });
    expect(analytics.statusCode).toBe(200);
    expect(analytics.json()).toBeNull();
  });

  it('refuses user tokens and API keys on the admin routes', async () => {
    const key = (await t.admin('POST', '/admin/apikey', { name: 'k' })).json().key as string;
    for (const url of ['/admin/streak', '/admin/challenge']) {
      expect((await t.inject({ method: 'GET', url, headers: await t.auth('alice') })).statusCode).toBe(401);
      expect((await t.inject({ method: 'GET', url, headers: { 'x-api-key': key } })).statusCode).toBe(401);
      expect((await t.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    }
  });

  it('answers 401 on streak analytics without credentials, and accepts an API key', async () => {
    await setup();
    expect((await t.inject({ method: 'GET', url: '/analytics/streak?streakId=s' })).statusCode).toBe(401);
    const key = (await t.admin('POST', '/admin/apikey', { name: 'k' })).json().key as string;
    const res = await t.inject({ method: 'GET', url: '/analytics/streak?streakId=s', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ streakId: 's', totalParticipants: 1 });
  });
});
