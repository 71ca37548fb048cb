import { expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { balance, createApiKey, DAY, defineEvent, NOW, sendEvent } from './events.test-factory.js';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describeBackends('events: input rules (metadata keys, backdating, the definition list)', (t) => {
  it('answers GET /event?showAll=false with 200 [] when definitions exist but none is ACTIVE', async () => {
    const headers = await t.auth('reader');
    await defineEvent(t, { eventId: 'old', reward: { default: 1 }, status: 'INACTIVE' });
    const res = await t.inject({ method: 'GET', url: '/event?showAll=false', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await t.inject({ method: 'GET', url: '/event', headers })).json()).toHaveLength(1);
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses the metadata key %s with INVALID_METADATA_KEY naming it', async (key) => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await t.createUser('ann');
    const payload = `{"eventId":"buy","userId":"ann","metadata":{"${key}":{"polluted":true},"amount":1}}`;
    const res = await t.inject({
      method: 'POST',
      url: '/event',
      headers: { ...(await t.auth('ann')), 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'INVALID_METADATA_KEY' });
    expect(res.json().message).toContain(key);
    expect(await balance(t, 'ann')).toBe(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses metadata keys outside 1–64 characters, and takes 64', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await t.createUser('ann');
    for (const key of ['', 'k'.repeat(65)]) {
      const res = await sendEvent(t, 'ann', { eventId: 'buy', metadata: { [key]: 1 } });
      expect(res.statusCode, `key of ${key.length}`).toBe(400);
      expect(res.json().code).toBe('INVALID_METADATA_KEY');
    }
    expect((await sendEvent(t, 'ann', { eventId: 'buy', metadata: { ['k'.repeat(64)]: 1 } })).statusCode).toBe(200);
    expect(await balance(t, 'ann')).toBe(5);
  });

  it('refuses __proto__ in a bulk item’s metadata with INVALID_METADATA_KEY (the whole body, as any hostile input)', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await t.createUser('ann');
    const payload = '{"events":[{"eventId":"buy","userId":"ann","metadata":{"__proto__":{"x":1}}}]}';
    const res = await t.inject({
      method: 'POST',
      url: '/events',
      headers: { ...(await t.serviceAuth()), 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_METADATA_KEY');
  });

  it('lets a user token date an event at most 72 hours back by default (TIMESTAMP_TOO_OLD beyond)', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 }, limit: null });
    await t.createUser('ann');
    const old = await sendEvent(t, 'ann', { eventId: 'buy', timestamp: iso(NOW - 73 * HOUR) }, await t.auth('ann'));
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'TIMESTAMP_TOO_OLD' });
    expect(old.json().message).toContain('72');
    expect((await sendEvent(t, 'ann', { eventId: 'buy', timestamp: iso(NOW - 71 * HOUR) }, await t.auth('ann'))).statusCode).toBe(200);
    expect(await balance(t, 'ann')).toBe(5);
  });

  it('keeps the 30-day window for service tokens and API keys', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 }, limit: null });
    await t.createUser('ann');
    const tenDaysAgo = iso(NOW - 10 * DAY);
    expect((await sendEvent(t, 'ann', { eventId: 'buy', timestamp: tenDaysAgo }, await t.serviceAuth())).statusCode).toBe(200);
    const key = await createApiKey(t);
    expect((await sendEvent(t, 'ann', { eventId: 'buy', timestamp: tenDaysAgo }, { 'x-api-key': key })).statusCode).toBe(200);
    expect(await balance(t, 'ann')).toBe(10);
  });

  it('follows the project setting userEventMaxAgeHours, where 0 refuses every offline event of a user token', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 }, limit: null });
    await t.createUser('ann');
    const bad = await t.admin('PUT', '/admin/project/default', { name: 'Default project', userEventMaxAgeHours: -1 });
    expect(bad.statusCode).toBe(400);
    const set = await t.admin('PUT', '/admin/project/default', { name: 'Default project', userEventMaxAgeHours: 0 });
    expect(set.statusCode).toBe(200);
    expect(set.json().userEventMaxAgeHours).toBe(0);
    const hourAgo = await sendEvent(t, 'ann', { eventId: 'buy', timestamp: iso(NOW - HOUR) }, await t.auth('ann'));
    expect(hourAgo.json().code).toBe('TIMESTAMP_TOO_OLD');
    expect((await sendEvent(t, 'ann', { eventId: 'buy' })).statusCode).toBe(200);
    await t.admin('PUT', '/admin/project/default', { name: 'Default project', userEventMaxAgeHours: 240 });
    expect((await sendEvent(t, 'ann', { eventId: 'buy', timestamp: iso(NOW - 9 * DAY) }, await t.auth('ann'))).statusCode).toBe(200);
    expect(await balance(t, 'ann')).toBe(10);
  });

  it('applies the user-token limit to each item of POST /events', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 }, limit: null });
    await t.createUser('ann');
    const res = await t.inject({
      method: 'POST',
      url: '/events',
      headers: await t.auth('ann'),
      payload: {
        events: [
          { eventId: 'buy', userId: 'ann', timestamp: iso(NOW - 5 * DAY) },
          { eventId: 'buy', userId: 'ann', timestamp: iso(NOW - HOUR) },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const [first, second] = res.json().results;
    expect(first).toMatchObject({ statusCode: 400, code: 'TIMESTAMP_TOO_OLD' });
    expect(second).toMatchObject({ statusCode: 200 });
    expect(await balance(t, 'ann')).toBe(5);
  });
});
