import { afterEach, describe, expect, it } from 'vitest';
import { WebhookSender } from './webhook-sender.js';
import { startReceiver, type Receiver } from './webhooks.test-helpers.js';

describe('the webhook sender', () => {
  let receiver: Receiver | null = null;
  afterEach(async () => {
    await receiver?.close();
    receiver = null;
  });

  it('refuses, at the connection, addresses the guard refuses (literal or resolved), unless private addresses are allowed', async () => {
    receiver = await startReceiver();
    const guarded = new WebhookSender(false, 2);
    const port = new URL(receiver.url).port;
    try {
      expect(await guarded.send(receiver.url, {}, '{}')).toMatchObject({ ok: false, statusCode: null, error: expect.stringContaining('refused address') });
      // A name resolving to loopback (as after DNS rebinding) is refused by the lookup.
      expect(await guarded.send(`http://localhost:${port}/hooks`, {}, '{}')).toMatchObject({ ok: false, error: expect.stringContaining('refused address') });
      expect(receiver.received).toEqual([]);
    } finally {
      guarded.close();
    }
    const open = new WebhookSender(true, 2);
    try {
      expect(await open.send(receiver.url, { 'webhook-id': 'msg_1' }, '{"type":"webhook.test"}')).toMatchObject({ ok: true, statusCode: 200, response: 'ok', error: null });
      expect(receiver.received[0]!.headers).toMatchObject({ 'webhook-id': 'msg_1', 'content-type': 'application/json' });
    } finally {
      open.close();
    }
  });

  it('keeps the first 1 KB of an answer and counts a 3xx as a failure (no redirects followed)', async () => {
    receiver = await startReceiver((_r, n) => (n === 1 ? { status: 500, body: 'x'.repeat(5000) } : { status: 302, body: 'moved' }));
    const sender = new WebhookSender(true, 1);
    try {
      const big = await sender.send(receiver.url, {}, '{}');
      expect(big).toMatchObject({ ok: false, statusCode: 500 });
      expect(big.response).toHaveLength(1024);
      expect(await sender.send(receiver.url, {}, '{}')).toMatchObject({ ok: false, statusCode: 302, response: 'moved' });
      expect(receiver.received).toHaveLength(2);
    } finally {
      sender.close();
    }
  });

  it('gives up on a receiver that does not answer within the time limit (10 s by default)', async () => {
    receiver = await startReceiver(() => ({ status: 200, delayMs: 60_000 }));
    const quick = new WebhookSender(true, 1, 200);
    try {
      expect(await quick.send(receiver.url, {}, '{}')).toMatchObject({ ok: false, statusCode: null, error: expect.stringContaining('timeout') });
    } finally {
      quick.close();
    }
    expect((await import('./webhook-sender.js')).TIMEOUT_MS).toBe(10_000);
  });
});
