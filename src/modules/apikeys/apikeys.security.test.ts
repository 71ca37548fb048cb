import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeBackends, type TestContext } from '../../../test/helpers/test-app.js';
import { defineEvent } from '../events/events.test-factory.js';
import { createOffer, createShop } from '../offers/offers.test-factory.js';

async function createKey(t: TestContext, body: Record<string, unknown> = {}): Promise<string> {
  const res = await t.admin('POST', '/admin/apikey', { name: 'backend', ...body });
  if (res.statusCode !== 201) throw new Error(`createKey: ${res.statusCode} ${res.body}`);
  return res.json().key as string;
}

describeBackends('API keys: service principals on every public endpoint, within their scopes', (t) => {
  const call = (key: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.inject({ method, url, headers: { 'x-api-key': key }, ...(payload ? { payload } : {}) });

  it('creates users, sends events, reads everything and redeems for any user of its project', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 50 }, limit: null });
    await createShop(t);
    await createOffer(t, { shopId: 'cafe' });
    const key = await createKey(t);
    expect((await call(key, 'POST', '/user', { userId: 'ann' })).statusCode).toBe(201);
    expect((await call(key, 'POST', '/event', { eventId: 'buy', userId: 'ann' })).statusCode).toBe(200);
    const points = await call(key, 'GET', '/user/ann/points');
    expect(points.json()).toMatchObject({ userId: 'ann', points: 50, userExists: true });
    for (const url of [
      '/user/ann/history',
      '/user/ann/challenge',
      '/user/ann/streak',
      '/user/ann/leaderboard?groupId=default&timeframe=7d',
      '/user/ann/rank',
      '/project/default/leaderboard?groupId=default&timeframe=7d',
      '/user/ann/offer/feed',
      '/user/ann/offer/coffee/redeemable',
      '/user/ann/coupon',
      '/user/ann/survey',
      '/user/ann/notifications/overview',
      '/event',
      '/offer/coffee',
    ]) {
      expect((await call(key, 'GET', url)).statusCode, url).toBe(200);
    }
    const redeemed = await call(key, 'POST', '/user/ann/offer/coffee/redeem', {});
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json().data).toMatchObject({ pointsSpent: 30, balance: 20 });
  });

  it('stays closed on /admin (401), also for a key with every scope', async () => {
    const key = await createKey(t);
    for (const url of ['/admin/event', '/admin/apikey', '/admin/user']) {
      const res = await call(key, 'GET', url);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('refuses a request outside the key’s scopes with 403 API_KEY_SCOPE and changes nothing', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await t.createUser('ann');
    const events = await createKey(t, { apiKeyId: 'events', scopes: ['events:write'] });
    const reader = await createKey(t, { apiKeyId: 'reader', scopes: ['users:read'] });
    expect((await call(events, 'POST', '/event', { eventId: 'buy', userId: 'ann' })).statusCode).toBe(200);
    for (const [key, method, url, payload] of [
      [events, 'GET', '/user/ann/points', undefined],
      [events, 'POST', '/user', { userId: 'bob' }],
      [events, 'POST', '/user/ann/offer/coffee/redeem', {}],
      [reader, 'POST', '/event', { eventId: 'buy', userId: 'ann' }],
      [reader, 'POST', '/user/ann/leaderboard', { username: 'Ann' }],
    ] as const) {
      const res = await call(key, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden', code: 'API_KEY_SCOPE' });
    }
    expect((await call(reader, 'GET', '/user/ann/points')).json().points).toBe(5);
    expect((await call(reader, 'GET', '/user/bob/points')).json().userExists).toBe(false);
  });

  it('lists each key with its scopes (every scope when created without), and refuses unknown scopes', async () => {
    await createKey(t, { apiKeyId: 'all' });
    await createKey(t, { apiKeyId: 'rewards', scopes: ['rewards:write', 'users:read'] });
    const list = (await t.admin('GET', '/admin/apikey')).json() as Array<{ apiKeyId: string; scopes: string[] }>;
    expect(list.map((k) => [k.apiKeyId, k.scopes])).toEqual([
      ['all', ['events:write', 'users:write', 'users:read', 'rewards:write']],
      ['rewards', ['users:read', 'rewards:write']],
    ]);
    for (const scopes of [['admin'], [], ['users:read', 'users:read']]) {
      const res = await t.admin('POST', '/admin/apikey', { name: 'bad', scopes });
      expect(res.statusCode, JSON.stringify(scopes)).toBe(400);
    }
  });

  it('takes new scopes on update, on every request from then on', async () => {
    await t.createUser('ann');
    const key = await createKey(t, { apiKeyId: 'k', scopes: ['users:read'] });
    expect((await call(key, 'GET', '/user/ann/points')).statusCode).toBe(200);
    const updated = await t.admin('PUT', '/admin/apikey/k', { name: 'backend', scopes: ['events:write'] });
    expect(updated.json().scopes).toEqual(['events:write']);
    expect((await call(key, 'GET', '/user/ann/points')).statusCode).toBe(403);
  });

  it('names the scope of every public route in the OpenAPI document, and every write route has one', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: Array<Record<string, unknown>>; 'x-api-key-scope'?: string }>>;
    };
    let publicRoutes = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
        if (!schemes.includes('bearerAuth')) continue;
        publicRoutes++;
        expect(schemes, `${method} ${path}`).toContain('apiKey');
        expect(op['x-api-key-scope'], `${method} ${path}`).toMatch(/^(events|users|rewards):(read|write)$/);
      }
    }
    expect(publicRoutes).toBeGreaterThan(30);
  });

  it('stores a key as its SHA-256 in hex, so the keys of earlier releases still let their callers in', async () => {
    const key = await createKey(t);
    const rows = await t.app.platform.db.kysely.selectFrom('api_keys').select('key_hash').execute();
    expect(rows.map((r) => r.key_hash)).toContain(createHash('sha256').update(key).digest('hex'));
    expect((await call(key, 'GET', '/event')).statusCode).toBe(204); // let in: no events are defined yet
  });
});
