import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../../src/modules/webhooks/webhooks.test-helpers.js';
import { deleteKeysWithPrefix } from '../../src/platform/redis.js';
import { backends } from '../helpers/test-app.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';

/**
 * kill -9 of a real server while it sends webhooks: every event acknowledged before the kill has
 * its points.changed message in the outbox, and after a restart every message reaches the receiver
 * (some twice, with the same webhook-id: at least once), and is marked delivered.
 */
const JWT_SECRET = 'webhook-crash-secret-0123456789abcdefghijkl';
const ADMIN_TOKEN = 'webhook-crash-admin-token-0123456789';
const EVENTS = 120;
const POSTGRES_URL = process.env.LAUREL_TEST_POSTGRES_URL;
const REDIS_URL = process.env.LAUREL_TEST_REDIS_URL;

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

for (const backend of backends) {
  describe(`kill -9 during webhook dispatch [${backend}]`, { timeout: 240_000 }, () => {
    const database = `laurel_test_${randomBytes(6).toString('hex')}`;
    const prefix = `laurel-test:${randomBytes(6).toString('hex')}:`;
    const dirs: string[] = [];
    afterAll(async () => {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
      if (backend === 'postgres') {
        await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await deleteKeysWithPrefix(REDIS_URL!, prefix);
      }
    });

    it('loses no message: each acknowledged event is delivered after the restart, with one webhook-id per message', async () => {
      const env: Record<string, string> = {
        JWT_SECRET,
        ADMIN_TOKEN,
        WEBHOOK_ALLOW_PRIVATE: '1',
        LAUREL_JOB_POLL_MS: '100',
        RATE_LIMIT_MAX: '1000000',
      };
      if (backend === 'postgres') {
        await adminQuery(`CREATE DATABASE ${database}`);
        const url = new URL(POSTGRES_URL!);
        url.pathname = `/${database}`;
        Object.assign(env, { DATABASE_URL: url.toString(), REDIS_URL: REDIS_URL!, LAUREL_REDIS_PREFIX: prefix });
      }
      // Until the kill, the receiver holds every delivery after the tenth unanswered, so that messages
      // are still on their way when the server dies however fast it sends (on a busy CI machine the
      // whole outbox could otherwise be delivered before the kill).
      let holding = true;
      const receiver = await startReceiver((_, n) => ({ status: 200, delayMs: holding && n > 10 ? 30_000 : 40 }));
      let server: ServerProcess = await startServer(env);
      dirs.push(server.dataDir);
      try {
        const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
        const post = (path: string, body: unknown, headers = admin) =>
          fetch(`${server.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
        expect((await post('/admin/event', { eventId: 'tap', title: 'Tap', reward: { default: 1 } })).status).toBe(201);
        expect((await post('/admin/webhook', { url: receiver.url, events: ['points.changed'], status: 'ACTIVE' })).status).toBe(201);
        const token = await new SignJWT({ sub: 'crash', role: 'service' })
          .setProtectedHeader({ alg: 'HS256' })
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(JWT_SECRET));
        const service = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        for (let u = 0; u < 5; u++) expect((await post('/user', { userId: `u${u}` }, service)).status).toBe(201);

        let next = 0;
        let acked = 0;
        await Promise.all(
          Array.from({ length: 8 }, async () => {
            while (next < EVENTS) {
              const i = next++;
              const res = await post('/event', { eventId: 'tap', userId: `u${i % 5}`, metadata: { i } }, service);
              expect(res.status).toBe(200);
              await res.text();
              acked++;
            }
          }),
        );
        expect(acked).toBe(EVENTS);
        // Kill while messages are on their way (sent, in flight, or still waiting).
        await until('the first deliveries', () => receiver.received.length >= 10);
        expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBeLessThan(EVENTS);
        await kill(server.child);
        holding = false;

        server = await startServer(env, server.dataDir);
        const ids = () => new Set(receiver.received.map((r) => String(r.headers['webhook-id'])));
        await until('every message to arrive after the restart', () => ids().size >= EVENTS);
        const counts = async () => {
          const res = await fetch(`${server.baseUrl}/admin/webhook`, { headers: admin });
          const [{ webhookId }] = (await res.json()) as Array<{ webhookId: string }>;
          const log: Array<{ messageId: string; status: string }> = [];
          let cursor: string | null = null;
          do {
            const page: Response = await fetch(
              `${server.baseUrl}/admin/webhook/${webhookId}/deliveries?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
              { headers: admin },
            );
            log.push(...((await page.json()) as typeof log));
            cursor = page.headers.get('x-next-cursor');
          } while (cursor);
          return log;
        };
        await until('every message to be marked delivered', async () => (await counts()).every((d) => d.status === 'delivered'));
        const log = await counts();
        expect(log).toHaveLength(EVENTS);
        expect(new Set(log.map((d) => d.messageId))).toEqual(ids());
        // Each message's body is the same on every attempt; one message per acknowledged event.
        const byId = new Map<string, string>();
        for (const r of receiver.received) {
          const id = String(r.headers['webhook-id']);
          if (byId.has(id)) expect(r.body).toBe(byId.get(id));
          byId.set(id, r.body);
        }
        const events = [...byId.values()].map((b) => (JSON.parse(b) as { data: { balance: number; userId: string } }).data);
        for (let u = 0; u < 5; u++) {
          const balances = events
            .filter((d) => d.userId === `u${u}`)
            .map((d) => d.balance)
            .sort((a, b) => a - b);
          expect(balances).toEqual(Array.from({ length: EVENTS / 5 }, (_, i) => i + 1));
        }
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
        await receiver.close();
      }
    });
  });
}
