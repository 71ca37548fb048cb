import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { TestContext } from '../../../test/helpers/test-app.js';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: { type: string; timestamp: string; data: Record<string, unknown> };
}

/**
 * A webhook receiver for tests, on 127.0.0.1 only: records every request and answers with what
 * `answer` says for it (default 200; `{ delayMs }` answers late).
 */
export async function startReceiver(
  answer: (r: Received, n: number) => number | { status: number; delayMs?: number; body?: string } = () => 200,
) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const r: Received = { headers: req.headers, body, json: JSON.parse(body) as Received['json'] };
      received.push(r);
      const a = answer(r, received.length);
      const { status, delayMs = 0, body: reply = 'ok' } = typeof a === 'number' ? { status: a } : a;
      setTimeout(() => res.writeHead(status, { 'content-type': 'text/plain' }).end(reply), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    ofType: (type: string) => received.filter((r) => r.json.type === type),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Lets webhooks reach 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE=1) in this test's app. */
export async function allowPrivateWebhooks(t: TestContext): Promise<void> {
  t.configure({ webhookAllowPrivate: true, jobPollMs: 0 });
  await t.restart();
}

/** Registers an endpoint through the admin API; returns its body (with the secret). */
export async function createWebhook(t: TestContext, body: Record<string, unknown>) {
  const res = await t.admin('POST', '/admin/webhook', { status: 'ACTIVE', events: ['*'], ...body });
  if (res.statusCode !== 201) throw new Error(`create webhook: ${res.statusCode} ${res.body}`);
  return res.json() as { webhookId: string; secret: string; url: string };
}
