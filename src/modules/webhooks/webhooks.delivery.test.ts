import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { defineEvent, sendEvent } from '../events/events.test-factory.js';
import { WebhookDeliveriesRepository } from './deliveries.repository.js';
import { GIVE_UP_AFTER_MS, JITTER, LATER_DELAY_MS, RETRY_DELAYS_MS } from './retry-schedule.js';
import { allowPrivateWebhooks, createWebhook, startReceiver, type Receiver } from './webhooks.test-helpers.js';

const DAY = 86_400_000;

describeBackends('webhook delivery', (t) => {
  let receiver: Receiver | null = null;
  beforeEach(async () => {
    await allowPrivateWebhooks(t);
    await defineEvent(t, { eventId: 'buy', reward: { default: 10 }, limit: null });
    await t.createUser('ann');
  });
  afterEach(async () => {
    await receiver?.close();
    receiver = null;
  });

  const now = () => t.app.platform.clock.now();
  const dispatch = () => t.app.services.webhooks.dispatcher.runUntilIdle();
  const log = async (webhookId: string, query = '') => {
    const res = await t.admin('GET', `/admin/webhook/${webhookId}/deliveries${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('signs each delivery so that the standardwebhooks library verifies it', async () => {
    receiver = await startReceiver();
    const { webhookId, secret } = await createWebhook(t, { url: receiver.url, events: ['points.changed'] });
    expect((await sendEvent(t, 'ann', { eventId: 'buy' })).statusCode).toBe(200);
    expect(await dispatch()).toBe(1);
    const [got] = receiver.received;
    const verified = new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>) as Received;
    expect(verified).toMatchObject({
      type: 'points.changed',
      data: { projectId: 'default', userId: 'ann', entryType: 'EVENT', sourceId: 'buy', points: 10, balance: 10 },
    });
    expect(new Date(verified.timestamp).toISOString()).toBe(verified.timestamp);
    expect(Math.abs(Number(got!.headers['webhook-timestamp']) * 1000 - now())).toBeLessThan(5_000);
    // A body changed on the way, or another secret, fails the check.
    expect(() =>
      new Webhook(secret).verify(got!.body.replace('"points":10', '"points":11'), got!.headers as Record<string, string>),
    ).toThrow();
    const [entry] = (await log(webhookId)).json();
    expect(entry).toMatchObject({
      messageId: got!.headers['webhook-id'],
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      lastResponse: 'ok',
      nextAttemptAt: null,
    });
  });

  it('hands the messages of a write batch to the running dispatcher: sent at once, without a claim, each once', async () => {
    // A running dispatcher whose poll never comes during the test: only the hand-over can send.
    t.configure({ webhookAllowPrivate: true, jobPollMs: 3_600_000 });
    await t.restart();
    // (SQLite starts the test's store afresh on a restart, PostgreSQL keeps it: new ids either way.)
    await defineEvent(t, { eventId: 'buy-now', reward: { default: 10 }, limit: null });
    for (const u of ['cy', 'dee']) await t.createUser(u);
    receiver = await startReceiver();
    const { webhookId } = await createWebhook(t, { url: receiver.url, events: ['points.changed'] });
    const claims = vi.spyOn(WebhookDeliveriesRepository.prototype, 'claim');
    try {
      const sent = await Promise.all(Array.from({ length: 12 }, (_, i) => sendEvent(t, i % 2 ? 'cy' : 'dee', { eventId: 'buy-now' })));
      expect(sent.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
      await vi.waitFor(
        async () => expect((await log(webhookId)).json().filter((d: { status: string }) => d.status === 'delivered')).toHaveLength(12),
        { timeout: 20_000, interval: 50 },
      );
      expect(claims).not.toHaveBeenCalled();
    } finally {
      claims.mockRestore();
    }
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(12);
    expect(ids).toHaveLength(12);
    const balances = (who: string) =>
      receiver!.received
        .map((r) => JSON.parse(r.body).data)
        .filter((d) => d.userId === who)
        .map((d) => d.balance)
        .sort((a, b) => a - b);
    expect(balances('cy')).toEqual([10, 20, 30, 40, 50, 60]);
    expect(balances('dee')).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('sends the same webhook-id until a 2xx, and then marks the message delivered', async () => {
    receiver = await startReceiver((_r, n) => (n <= 2 ? { status: 503, body: 'down for maintenance' } : 200));
    const { webhookId } = await createWebhook(t, { url: receiver.url, events: ['points.changed'] });
    await sendEvent(t, 'ann', { eventId: 'buy' });
    await dispatch();
    let [entry] = (await log(webhookId)).json();
    expect(entry).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 503, lastResponse: 'down for maintenance' });
    expect(entry.nextAttemptAt - entry.lastAttemptAt).toBeGreaterThanOrEqual(5_000 * (1 - JITTER));
    expect(await dispatch()).toBe(0); // not due yet
    await t.setClock(entry.nextAttemptAt + 10);
    await dispatch();
    [entry] = (await log(webhookId)).json();
    await t.setClock(entry.nextAttemptAt + 10);
    await dispatch();
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    [entry] = (await log(webhookId)).json();
    expect(entry).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200, nextAttemptAt: null });
  });

  it('retries on the schedule (5 s, 30 s, 2 min, 10 min, 30 min, 1 h, then every 2 h) and fails the message after 24 h', async () => {
    receiver = await startReceiver(() => 500);
    const { webhookId } = await createWebhook(t, { url: receiver.url, events: ['points.changed'] });
    await sendEvent(t, 'ann', { eventId: 'buy' });
    await dispatch();
    const delays: number[] = [];
    let [entry] = (await log(webhookId)).json();
    const first = entry.firstAttemptAt;
    while (entry.status === 'pending') {
      delays.push(entry.nextAttemptAt - entry.lastAttemptAt);
      await t.setClock(entry.nextAttemptAt);
      expect(await dispatch()).toBe(1);
      [entry] = (await log(webhookId)).json();
    }
    expect(entry.status).toBe('failed');
    expect(entry.nextAttemptAt).toBeNull();
    expect(entry.lastAttemptAt - first).toBeLessThanOrEqual(GIVE_UP_AFTER_MS);
    expect(entry.attempts).toBe(delays.length + 1);
    delays.forEach((d, i) => {
      const base = RETRY_DELAYS_MS[i] ?? LATER_DELAY_MS;
      expect(d).toBeGreaterThanOrEqual(base * (1 - JITTER));
      expect(d).toBeLessThanOrEqual(base * (1 + JITTER) + 1);
    });
    expect(receiver.received).toHaveLength(entry.attempts);
  });

  it(
    'disables an endpoint that has failed without a success for 3 days, says why, and sends what waited once it is ' + 'ACTIVE again',
    async () => {
      let up = false;
      receiver = await startReceiver(() => (up ? 200 : 502));
      const { webhookId } = await createWebhook(t, { url: receiver.url, events: ['points.changed'] });
      await sendEvent(t, 'ann', { eventId: 'buy' });
      await dispatch();
      const failingSince = (await t.admin('GET', `/admin/webhook/${webhookId}`)).json().failingSince;
      expect(failingSince).toBeGreaterThan(0);
      await t.setClock(now() + 2 * DAY);
      await sendEvent(t, 'ann', { eventId: 'buy' });
      await dispatch();
      expect((await t.admin('GET', `/admin/webhook/${webhookId}`)).json()).toMatchObject({ status: 'ACTIVE', failingSince });
      await t.setClock(failingSince + 3 * DAY + 1_000);
      await sendEvent(t, 'ann', { eventId: 'buy' });
      await dispatch();
      const disabled = (await t.admin('GET', `/admin/webhook/${webhookId}`)).json();
      expect(disabled).toMatchObject({ status: 'INACTIVE', disabledReason: expect.stringContaining('HTTP 502') });
      expect(disabled.disabledReason).toContain(new Date(failingSince).toISOString());
      // Nothing more is sent or enqueued while it is INACTIVE; what was pending waits.
      const before = receiver.received.length;
      await sendEvent(t, 'ann', { eventId: 'buy' });
      await t.setClock(now() + DAY);
      await dispatch();
      expect(receiver.received).toHaveLength(before);
      const waiting = (await log(webhookId, '?status=pending')).json();
      expect(waiting.length).toBeGreaterThan(0);
      expect(waiting.every((d: { nextAttemptAt: number | null }) => d.nextAttemptAt === null)).toBe(true);
      // The operator fixes the receiver and sets it ACTIVE: the failure state is cleared and the waiting messages go out.
      up = true;
      const res = await t.admin('PUT', `/admin/webhook/${webhookId}`, { url: receiver.url, events: ['points.changed'], status: 'ACTIVE' });
      expect(res.json()).toMatchObject({ status: 'ACTIVE', disabledReason: null, disabledAt: null, failingSince: null });
      await dispatch();
      expect((await log(webhookId, '?status=pending')).json()).toEqual([]);
      expect(receiver.received.length).toBeGreaterThan(before);
    },
  );

  it('signs with the old secret too for 24 hours after a rotation', async () => {
    receiver = await startReceiver();
    const { webhookId, secret: old } = await createWebhook(t, { url: receiver.url, events: ['points.changed'] });
    const rotated = await t.admin('POST', `/admin/webhook/${webhookId}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json();
    expect(secret).not.toBe(old);
    await sendEvent(t, 'ann', { eventId: 'buy' });
    await dispatch();
    const got = receiver.received[0]!;
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => new Webhook(secret).verify(got.body, got.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(old).verify(got.body, got.headers as Record<string, string>)).not.toThrow();
    await t.setClock(now() + DAY + 60_000);
    await sendEvent(t, 'ann', { eventId: 'buy' });
    await dispatch();
    expect(String(receiver.received[1]!.headers['webhook-signature']).split(' ')).toHaveLength(1);
  });
});

type Received = { type: string; timestamp: string; data: Record<string, unknown> };
