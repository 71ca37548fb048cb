import { afterEach, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import type { App } from '../../src/http/app-type.js';
import { describeBackends } from '../helpers/test-app.js';
import { FaultProxy } from '../helpers/fault-proxy.js';
import { createApiKey, defineEvent, sendEvent } from '../../src/modules/events/events.test-factory.js';

/**
 * Finding 3 of the fault review: a revoked API key kept working on an instance that missed the
 * pub/sub message, because the caches never expired and heard of changes only through Redis.
 * Now every cache expires (cacheTtlMs) and is dropped whenever the bus reconnects.
 */
const TTL_MS = 200;

async function eventually(probe: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`${what} within 15 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describeBackends('caches: a change nobody announced', (t) => {
  it('stops honouring a revoked API key once the cache lifetime is over, even without hearing of it', async () => {
    t.configure({ ...t.config(), cacheTtlMs: TTL_MS });
    await t.restart();
    const key = await createApiKey(t);
    const asKey = { 'x-api-key': key };
    const group = () => t.inject({ method: 'POST', url: '/usergroup', headers: asKey, payload: { title: { default: 'G', de: 'G' } } });
    expect((await group()).statusCode).toBe(201);
    // Revoked behind the service's back, as another instance would whose message was lost.
    await t.app.platform.db.kysely.updateTable('api_keys').set({ revoked_at: 1 }).execute();
    await new Promise((r) => setTimeout(r, TTL_MS * 2));
    const refused = await group();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('INVALID_API_KEY');
  });

  it('stops accepting events of a definition deactivated elsewhere once the cache lifetime is over', async () => {
    t.configure({ ...t.config(), cacheTtlMs: TTL_MS });
    await t.restart();
    await defineEvent(t, { eventId: 'tap', reward: { default: 1 } });
    await t.createUser('ann');
    expect((await sendEvent(t, 'ann', { eventId: 'tap' })).statusCode).toBe(200);
    const db = t.app.platform.db.kysely;
    await db
      .updateTable('event_definitions')
      .set({ status: 'INACTIVE', definition: sql<string>`replace(definition, '"ACTIVE"', '"INACTIVE"')` })
      .execute();
    await new Promise((r) => setTimeout(r, TTL_MS * 2));
    const refused = await sendEvent(t, 'ann', { eventId: 'tap' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('EVENT_INACTIVE');
  });
});

describeBackends('caches: a second instance that lost Redis for a while', (t) => {
  if (t.backend === 'sqlite') {
    // One process and no pub/sub to miss: a revocation counts at once.
    it('refuses a revoked API key at once', async () => {
      const key = await createApiKey(t);
      const keys = (await t.admin('GET', '/admin/apikey')).json() as Array<{ apiKeyId: string }>;
      await t.admin('DELETE', `/admin/apikey/${keys[0]!.apiKeyId}`);
      const res = await t.inject({
        method: 'POST',
        url: '/usergroup',
        headers: { 'x-api-key': key },
        payload: { title: { default: 'G', de: 'G' } },
      });
      expect(res.statusCode).toBe(401);
    });
    return;
  }
  let other: App | null = null;
  let proxy: FaultProxy | null = null;
  afterEach(async () => {
    await other?.close();
    await proxy?.close();
    other = null;
    proxy = null;
  });

  it('refuses a revoked API key as soon as its bus is back, though the message was lost', async () => {
    const urls = t.storeUrls();
    proxy = await FaultProxy.start(urls.redisUrl!);
    // The key first: its creation's message must not reach the other instance during the test.
    const key = await createApiKey(t);
    // The default cache lifetime (30 s) is far longer than this test: only the reconnect can help.
    other = await buildApp({ config: { ...t.config(), redisUrl: proxy.url(urls.redisUrl!) }, logger: false });
    const group = (app: App) =>
      app.inject({ method: 'POST', url: '/usergroup', headers: { 'x-api-key': key }, payload: { title: { default: 'G', de: 'G' } } });
    expect((await group(other)).statusCode).toBe(201);

    await proxy.refuse();
    const keys = (await t.admin('GET', '/admin/apikey')).json() as Array<{ apiKeyId: string }>;
    expect((await t.admin('DELETE', `/admin/apikey/${keys[0]!.apiKeyId}`)).statusCode).toBe(204);
    expect((await group(t.app)).statusCode).toBe(401);
    // The other instance did not hear of it: its cached answer still lets the key in.
    expect((await group(other)).statusCode).toBe(201);
    await proxy.restore();

    await eventually(async () => (await group(other!)).statusCode === 401, 'the other instance still accepts the revoked key');
  });
});
