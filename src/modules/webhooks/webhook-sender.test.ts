import { afterEach, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { WebhookSender, type OutgoingMessage } from './webhook-sender.js';
import { newSecret } from './webhook-signature.js';
import { startReceiver, type Receiver } from './webhooks.test-helpers.js';

const SECRET = newSecret();
const message = (body = '{}', messageId = 'msg_1'): OutgoingMessage => ({
  messageId,
  timestamp: Math.floor(Date.now() / 1000),
  secrets: [SECRET],
  body,
});

describe('the webhook sender (a worker thread)', () => {
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
      expect(await guarded.send(receiver.url, message())).toMatchObject({
        ok: false,
        statusCode: null,
        error: expect.stringContaining('refused address'),
      });
      // A name resolving to loopback (as after DNS rebinding) is refused by the lookup.
      expect(await guarded.send(`http://localhost:${port}/hooks`, message())).toMatchObject({
        ok: false,
        error: expect.stringContaining('refused address'),
      });
      expect(receiver.received).toEqual([]);
    } finally {
      await guarded.close();
    }
    const open = new WebhookSender(true, 2);
    try {
      expect(await open.send(receiver.url, message('{"type":"webhook.test"}'))).toMatchObject({
        ok: true,
        statusCode: 200,
        response: 'ok',
        error: null,
      });
      const [got] = receiver.received;
      expect(got!.headers).toMatchObject({ 'webhook-id': 'msg_1', 'content-type': 'application/json', 'user-agent': 'Laurel-Webhooks/1' });
      // Signed in the sending thread, as the Standard Webhooks library verifies it.
      expect(new Webhook(SECRET).verify(got!.body, got!.headers as Record<string, string>)).toEqual({ type: 'webhook.test' });
    } finally {
      await open.close();
    }
  });

  it('keeps the first 1 KB of an answer and counts a 3xx as a failure (no redirects followed)', async () => {
    receiver = await startReceiver((_r, n) => (n === 1 ? { status: 500, body: 'x'.repeat(5000) } : { status: 302, body: 'moved' }));
    const sender = new WebhookSender(true, 1);
    try {
      const big = await sender.send(receiver.url, message());
      expect(big).toMatchObject({ ok: false, statusCode: 500 });
      expect(big.response).toHaveLength(1024);
      expect(await sender.send(receiver.url, message())).toMatchObject({ ok: false, statusCode: 302, response: 'moved' });
      expect(receiver.received).toHaveLength(2);
    } finally {
      await sender.close();
    }
  });

  it('gives up on a receiver that does not answer within the time limit (10 s by default)', async () => {
    receiver = await startReceiver(() => ({ status: 200, delayMs: 60_000 }));
    const quick = new WebhookSender(true, 1, 200);
    try {
      expect(await quick.send(receiver.url, message())).toMatchObject({
        ok: false,
        statusCode: null,
        error: expect.stringContaining('timeout'),
      });
    } finally {
      await quick.close();
    }
    expect((await import('./webhook-sender.js')).TIMEOUT_MS).toBe(10_000);
  });

  it('fails the sends a stopped thread never answered, and starts a new thread for the next send', async () => {
    let hold = true;
    receiver = await startReceiver(() => ({ status: 200, delayMs: hold ? 30_000 : 0 }));
    const sender = new WebhookSender(true, 2);
    try {
      const stuck = sender.send(receiver.url, message('{"n":1}', 'msg_a'));
      await vi.waitFor(() => expect(receiver!.received).toHaveLength(1), { timeout: 20_000, interval: 20 });
      await sender.close();
      expect(await stuck).toMatchObject({ ok: false, statusCode: null, error: 'the sending thread stopped' });
      hold = false;
      expect(await sender.send(receiver.url, message('{"n":2}', 'msg_b'))).toMatchObject({ ok: true, statusCode: 200 });
    } finally {
      await sender.close();
    }
  });

  it('sends at most `connections` requests at once per origin; the time limit starts when a request does', async () => {
    let open = 0;
    let most = 0;
    receiver = await startReceiver(() => {
      most = Math.max(most, ++open);
      setTimeout(() => open--, 300);
      return { status: 200, delayMs: 300 };
    });
    // Four deliveries, one at a time, 300 ms each: 1.2 s in all, each well inside its 700 ms limit.
    const sender = new WebhookSender(true, 1, 700);
    try {
      const results = await Promise.all([1, 2, 3, 4].map((n) => sender.send(receiver!.url, message(`{"n":${n}}`, `msg_${n}`))));
      expect(results.map((r) => r.ok)).toEqual([true, true, true, true]);
      expect(most).toBe(1);
      expect(receiver.received).toHaveLength(4);
    } finally {
      await sender.close();
    }
  });
});
