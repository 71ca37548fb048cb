import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { defineEvent, sendEvent } from '../events/events.test-factory.js';
import { allowPrivateWebhooks, createWebhook, startReceiver, type Receiver } from './webhooks.test-helpers.js';

const SECRET = /^whsec_[A-Za-z0-9+/]{32}$/; // base64 of 24 bytes

describeBackends('admin API: webhooks', (t) => {
  it('creates an endpoint and shows its secret only in that answer', async () => {
    const res = await t.admin('POST', '/admin/webhook', {
      webhookId: 'crm',
      url: 'https://93.184.216.34/hooks',
      events: ['points.changed', 'coupon.used'],
      status: 'ACTIVE',
      description: 'CRM',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      webhookId: 'crm',
      url: 'https://93.184.216.34/hooks',
      events: ['points.changed', 'coupon.used'],
      status: 'ACTIVE',
      description: 'CRM',
      failingSince: null,
      disabledReason: null,
    });
    expect(created.secret).toMatch(SECRET);
    expect(created.secretHint).toBe(`${created.secret.slice(0, 10)}…`);
    const got = await t.admin('GET', '/admin/webhook/crm');
    expect(got.statusCode).toBe(200);
    expect(got.body).not.toContain(created.secret);
    expect(got.json()).toEqual(Object.fromEntries(Object.entries(created).filter(([k]) => k !== 'secret')));
    expect((await t.admin('GET', '/admin/webhook')).json().map((w: { webhookId: string }) => w.webhookId)).toEqual(['crm']);
    // A generated id, and a taken one.
    const generated = await t.admin('POST', '/admin/webhook', { url: 'http://93.184.216.34/', events: ['*'], status: 'INACTIVE' });
    expect(generated.json().webhookId).toMatch(/^wh_[a-z0-9]{10}$/);
    const taken = await t.admin('POST', '/admin/webhook', {
      webhookId: 'crm',
      url: 'http://93.184.216.34/',
      events: ['*'],
      status: 'ACTIVE',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('WEBHOOK_EXISTS');
  });

  it('updates, rotates and deletes an endpoint', async () => {
    const { secret } = (
      await t.admin('POST', '/admin/webhook', { webhookId: 'crm', url: 'https://93.184.216.34/a', events: ['*'], status: 'ACTIVE' })
    ).json();
    const put = await t.admin('PUT', '/admin/webhook/crm', {
      url: 'https://93.184.216.34/b',
      events: ['survey.answered'],
      status: 'INACTIVE',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ url: 'https://93.184.216.34/b', events: ['survey.answered'], status: 'INACTIVE', description: '' });
    const rotated = await t.admin('POST', '/admin/webhook/crm/rotate-secret');
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(SECRET);
    expect(rotated.json().secret).not.toBe(secret);
    expect((await t.admin('DELETE', '/admin/webhook/crm')).statusCode).toBe(204);
    expect((await t.admin('GET', '/admin/webhook/crm')).statusCode).toBe(404);
    expect((await t.admin('DELETE', '/admin/webhook/crm')).json().code).toBe('WEBHOOK_NOT_FOUND');
  });

  it('refuses bad input with a 400 that changes nothing', async () => {
    const base = { url: 'https://93.184.216.34/', events: ['*'], status: 'ACTIVE' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, events: ['points.changed', '*'] }, 'WEBHOOK_EVENTS_INVALID'],
      [{ ...base, events: ['points.exploded'] }, 'VALIDATION_ERROR'],
      [{ ...base, events: [] }, 'VALIDATION_ERROR'],
      [{ ...base, url: 'ftp://93.184.216.34/file' }, 'WEBHOOK_URL_INVALID'],
      [{ ...base, url: 'not a url' }, 'WEBHOOK_URL_INVALID'],
      [{ ...base, status: 'PAUSED' }, 'VALIDATION_ERROR'],
      [{ url: base.url, events: base.events }, 'VALIDATION_ERROR'],
      [{ ...base, webhookId: 'no spaces' }, 'VALIDATION_ERROR'],
      [{ ...base, secret: 'whsec_mine' }, 'VALIDATION_ERROR'],
    ];
    for (const [body, code] of cases) {
      const res = await t.admin('POST', '/admin/webhook', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'error', 'message', 'statusCode']);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
    }
    expect((await t.admin('GET', '/admin/webhook')).json()).toEqual([]);
    await t.admin('POST', '/admin/webhook', { ...base, webhookId: 'crm' });
    const mismatch = await t.admin('PUT', '/admin/webhook/crm', { ...base, webhookId: 'other' });
    expect(mismatch.json().code).toBe('ID_MISMATCH');
    expect((await t.admin('GET', '/admin/webhook/crm/deliveries?limit=0')).statusCode).toBe(400);
    expect((await t.admin('GET', '/admin/webhook/crm/deliveries?cursor=DROP')).statusCode).toBe(400);
    expect((await t.admin('POST', '/admin/webhook/crm/deliveries/msg_nothere/retry')).json().code).toBe('WEBHOOK_MESSAGE_NOT_FOUND');
  });

  it('refuses URLs that reach loopback, private or link-local addresses (the SSRF guard)', async () => {
    for (const url of [
      'http://127.0.0.1:3000/',
      'http://localhost/hooks',
      'http://10.1.2.3/',
      'http://172.20.0.5/',
      'http://192.168.1.10/',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/',
      'http://[fe80::1]/',
      'http://[fd00::5]/',
      'http://0.0.0.0/',
      'http://[::ffff:127.0.0.1]/',
      // IPv6 forms that embed 127.0.0.1 (decision 210).
      'http://[::127.0.0.1]/',
      'http://[::7f00:1]/',
      'http://[64:ff9b::7f00:1]/',
      'http://[2002:7f00:1::]/',
      'http://[::ffff:0:7f00:1]/',
    ]) {
      const res = await t.admin('POST', '/admin/webhook', { url, events: ['*'], status: 'ACTIVE' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('WEBHOOK_URL_REFUSED');
    }
    expect((await t.admin('GET', '/admin/webhook')).json()).toEqual([]);
  });

  it('is for the admin token only, per project', async () => {
    await t.admin('POST', '/admin/webhook', { webhookId: 'crm', url: 'https://93.184.216.34/', events: ['*'], status: 'ACTIVE' });
    await t.createUser('ann');
    expect((await t.inject({ method: 'GET', url: '/admin/webhook' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/admin/webhook', headers: await t.auth('ann') })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: '/admin/webhook/crm/test', headers: await t.serviceAuth() })).statusCode).toBe(401);
    expect((await t.admin('POST', '/admin/project', { projectId: 'other', name: 'Other' })).statusCode).toBe(201);
    expect((await t.admin('GET', '/admin/webhook/crm', undefined, 'other')).statusCode).toBe(404);
    expect((await t.admin('GET', '/admin/webhook', undefined, 'other')).json()).toEqual([]);
  });
});

describeBackends('admin API: webhook delivery log', (t) => {
  let receiver: Receiver;
  let up = false;
  beforeEach(async () => {
    await allowPrivateWebhooks(t);
    up = false;
    receiver = await startReceiver(() => (up ? 200 : 500));
    await defineEvent(t, { eventId: 'buy', reward: { default: 1 }, limit: null });
    await t.createUser('ann');
  });
  afterEach(() => receiver.close());

  it('pages the log newest first with a cursor, filters by status, and retries a message now', async () => {
    const { webhookId } = await createWebhook(t, { url: receiver.url, events: ['points.changed'] });
    for (let i = 0; i < 5; i++) {
      await sendEvent(t, 'ann', { eventId: 'buy' });
      await t.setClock(t.app.platform.clock.now() + 1_000);
    }
    await t.app.services.webhooks.dispatcher.runUntilIdle();
    const first = await t.admin('GET', `/admin/webhook/${webhookId}/deliveries?limit=2`);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toBe(first.json()[1].messageId);
    const second = await t.admin('GET', `/admin/webhook/${webhookId}/deliveries?limit=2&cursor=${cursor}`);
    const third = await t.admin('GET', `/admin/webhook/${webhookId}/deliveries?limit=2&cursor=${second.headers['x-next-cursor']}`);
    expect(third.headers['x-next-cursor']).toBeUndefined();
    const all = [...first.json(), ...second.json(), ...third.json()];
    expect(all.map((d) => d.payload.data.balance)).toEqual([5, 4, 3, 2, 1]);
    expect(all.every((d) => d.status === 'pending' && d.attempts === 1 && d.lastStatusCode === 500)).toBe(true);

    up = true;
    const retried = await t.admin('POST', `/admin/webhook/${webhookId}/deliveries/${all[4].messageId}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({
      messageId: all[4].messageId,
      status: 'delivered',
      attempts: 2,
      lastStatusCode: 200,
      nextAttemptAt: null,
    });
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(all[4].messageId);
    const delivered = (await t.admin('GET', `/admin/webhook/${webhookId}/deliveries?status=delivered`)).json();
    expect(delivered.map((d: { messageId: string }) => d.messageId)).toEqual([all[4].messageId]);
    // A delivered message can be sent again too (the receiver lost it).
    const again = await t.admin('POST', `/admin/webhook/${webhookId}/deliveries/${all[4].messageId}/retry`);
    expect(again.json()).toMatchObject({ status: 'delivered', attempts: 3 });
  });

  it('holds test and retry for an INACTIVE endpoint (409)', async () => {
    const { webhookId } = await createWebhook(t, { url: receiver.url, events: ['points.changed'] });
    await sendEvent(t, 'ann', { eventId: 'buy' });
    const [d] = (await t.admin('GET', `/admin/webhook/${webhookId}/deliveries`)).json();
    await t.admin('PUT', `/admin/webhook/${webhookId}`, { url: receiver.url, events: ['points.changed'], status: 'INACTIVE' });
    expect((await t.admin('POST', `/admin/webhook/${webhookId}/test`)).json().code).toBe('WEBHOOK_INACTIVE');
    expect((await t.admin('POST', `/admin/webhook/${webhookId}/deliveries/${d.messageId}/retry`)).statusCode).toBe(409);
    expect(receiver.received).toEqual([]);
  });
});
