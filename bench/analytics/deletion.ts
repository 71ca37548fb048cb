/**
 * Deletion benchmark (npm run bench:deletion): a user with 100,000 events (and their 100,000
 * ledger rows) written straight into the store, then DELETE /user/{userId} while autocannon sends
 * POST /event for 1,000 other users. Reports the p99 of POST /event before and during the
 * deletion and how long the job took. Embedded mode by default; scale mode with DATABASE_URL=postgres://….
 *
 * Env: BENCH_VICTIM_EVENTS (100000), BENCH_SECONDS (10, the baseline), BENCH_CONNECTIONS (10).
 */
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { createBenchStore, mode } from '../lib/bench-store.js';
import { openDatabase } from '../../src/platform/db/database.js';
import { migrateToLatest } from '../../src/platform/db/migrate.js';
import { dateKey } from '../../src/platform/time.js';
import { spawnServer, stop } from '../lib/bench-server.js';

const VICTIM_EVENTS = Number(process.env.BENCH_VICTIM_EVENTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const OTHERS = 1_000;
const JWT_SECRET = 'bench-secret-0123456789abcdefghijklmnopqrstuv';
const ADMIN_TOKEN = 'bench-admin-token-0123456789';

interface Result {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
}

/** autocannon until `until` resolves (or for `seconds`). */
function cannon(base: string, requests: autocannon.Request[], seconds: number, until?: Promise<unknown>): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: `${base}/event`, connections: CONNECTIONS, duration: seconds, requests, method: 'POST' },
      (err, r) => {
        if (err) return reject(err);
        resolve({ requests: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, non2xx: r.non2xx });
      },
    );
    void until?.then(() => instance.stop());
  });
}

async function seed(url: string): Promise<void> {
  const db = openDatabase(url);
  await migrateToLatest(db);
  const now = Date.now();
  const users = [{ project_id: 'default', user_id: 'victim', created_at: now, points: VICTIM_EVENTS, username: null, anonymous: 0 }];
  for (let u = 0; u < OTHERS; u++)
    users.push({ project_id: 'default', user_id: `user${u}`, created_at: now, points: 0, username: null, anonymous: 0 });
  for (let i = 0; i < users.length; i += 500)
    await db.kysely
      .insertInto('users')
      .values(users.slice(i, i + 500))
      .execute();
  for (let i = 0; i < VICTIM_EVENTS; i += 500) {
    const n = Math.min(500, VICTIM_EVENTS - i);
    const at = (k: number) => now - (VICTIM_EVENTS - i - k) * 10_000;
    await db.kysely
      .insertInto('events')
      .values(
        Array.from({ length: n }, (_, k) => ({
          project_id: 'default',
          event_id: 'purchase',
          user_id: 'victim',
          occurred_at: at(k),
          received_at: at(k),
          points: 1,
          condition_reached: 1,
          limit_reached: 0,
          metadata: '{"amount":12}',
          user_groups: '[]',
        })),
      )
      .execute();
    await db.kysely
      .insertInto('ledger')
      .values(
        Array.from({ length: n }, (_, k) => ({
          project_id: 'default',
          user_id: 'victim',
          type: 'EVENT',
          source_id: 'purchase',
          points: 1,
          occurred_at: at(k),
          date_key: dateKey(at(k)),
          title: '{"de":"Kauf","en":"Purchase"}',
          description: '{"de":"","en":""}',
          image: null,
          metadata: null,
          created_at: at(k),
        })),
      )
      .execute();
  }
  await db.close();
}

async function main(): Promise<void> {
  const store = await createBenchStore('deletion', { JWT_SECRET, ADMIN_TOKEN, LAUREL_JOB_POLL_MS: '200' });
  const env = store.env;
  try {
    const t0 = performance.now();
    await seed(env.DATABASE_URL);
    console.log(`seeded a user with ${VICTIM_EVENTS} events and ledger rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const server = await spawnServer('src/main.ts', env);
    try {
      const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
      const def = await fetch(`${server.base}/admin/event`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ eventId: 'purchase', title: 'Purchase', reward: { default: 10 } }),
      });
      if (def.status !== 201) throw new Error(`define event: ${def.status} ${await def.text()}`);
      const key = new TextEncoder().encode(JWT_SECRET);
      const service = await new SignJWT({ sub: 'bench', role: 'service' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('2h')
        .sign(key);
      const requests: autocannon.Request[] = Array.from({ length: OTHERS }, (_, u) => ({
        method: 'POST',
        path: '/event',
        headers: { authorization: `Bearer ${service}`, 'content-type': 'application/json' },
        body: JSON.stringify({ eventId: 'purchase', userId: `user${u}`, metadata: { amount: 12, channel: 'web' } }),
      }));
      await cannon(server.base, requests, 3);
      const baseline = await cannon(server.base, requests, SECONDS);

      const started = performance.now();
      const del = await fetch(`${server.base}/user/victim`, { method: 'DELETE', headers: { authorization: `Bearer ${service}` } });
      if (del.status !== 200) throw new Error(`delete: ${del.status} ${await del.text()}`);
      const { jobId } = (await del.json()) as { jobId: string };
      let final: { status: string; processed: number } = { status: 'queued', processed: 0 };
      const done = (async () => {
        while (final.status !== 'done' && final.status !== 'failed') {
          await new Promise((r) => setTimeout(r, 250));
          final = (await (await fetch(`${server.base}/admin/job/${jobId}`, { headers: admin })).json()) as typeof final;
        }
      })();
      const during = await cannon(server.base, requests, 600, done);
      await done;
      const seconds = (performance.now() - started) / 1000;
      console.log(`\n${mode} mode, ${CONNECTIONS} connections, POST /event for ${OTHERS} other users`);
      console.log('| phase | requests | p50 ms | p99 ms | max ms | non-2xx |\n|---|---|---|---|---|---|');
      console.log(
        `| before the deletion (${SECONDS} s) | ${baseline.requests} | ${baseline.p50} | ${baseline.p99} | ${baseline.max} | ` +
          `${baseline.non2xx} |`,
      );
      console.log(
        `| while deleting (${seconds.toFixed(1)} s) | ${during.requests} | ${during.p50} | ${during.p99} | ${during.max} | ` +
          `${during.non2xx} |`,
      );
      console.log(`\njob ${final.status}, processed ${final.processed} rows in ${seconds.toFixed(1)} s`);
    } finally {
      await stop(server.child);
    }
  } finally {
    await store.cleanup();
  }
}

await main();
