/**
 * Redemption benchmark (npm run bench:redeem): autocannon against the real server. Phase 1: many
 * users redeem one offer (totalLimit large, cost 1) — every request is the full atomic step (limit
 * counters, coupon, redemption row, ledger debit). Phase 2: reads a client makes around it
 * (notification overview, coupon list). Embedded mode by default (SQLite file); scale mode when
 * DATABASE_URL is postgres://… (REDIS_URL too): the bench creates and drops its own database.
 * Reference, in the same run: a bare Fastify route validating the same redeem body (no storage, no
 * auth); every row reports the server's CPU time per request.
 *
 * Env: BENCH_SECONDS (5), BENCH_CONNECTIONS (20), BENCH_USERS (500).
 */
import type { ChildProcess } from 'node:child_process';
import type autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { spawnServer, stop } from '../lib/bench-server.js';
import { createBenchStore, eachLimited, mode } from '../lib/bench-store.js';
import { measure, type Measured } from '../lib/measure.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const USERS = Number(process.env.BENCH_USERS ?? 500);
const JWT_SECRET = 'bench-secret-0123456789abcdefghijklmnopqrstuv';
const ADMIN_TOKEN = 'bench-admin-token-0123456789';

async function main(): Promise<void> {
  const store = await createBenchStore('redeem', { JWT_SECRET, ADMIN_TOKEN });
  const env = store.env;
  let server: ChildProcess | null = null;
  try {
    const started = await spawnServer('src/main.ts', env);
    server = started.child;
    const { base } = started;
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
    const post = (path: string, body: object, headers: Record<string, string>) =>
      fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const offer = await post('/admin/offer', { offerId: 'bench', points: 1, title: { en: 'Bench' }, totalLimit: 100_000_000 }, admin);
    if (offer.status !== 201) throw new Error(`offer: ${offer.status} ${await offer.text()}`);
    const survey = await post(
      '/admin/survey',
      { surveyId: 'bench', title: 'Bench?', type: 'SINGLE', options: [{ optionId: 'a', label: 'A' }] },
      admin,
    );
    if (survey.status !== 201) throw new Error(`survey: ${survey.status}`);

    const key = new TextEncoder().encode(JWT_SECRET);
    const tokens = await Promise.all(
      Array.from({ length: USERS }, (_, u) =>
        new SignJWT({ sub: `user${u}` }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('2h').sign(key),
      ),
    );
    await eachLimited([...tokens.keys()], 20, async (u) => {
      const headers = { authorization: `Bearer ${tokens[u]}`, 'content-type': 'application/json' };
      if ((await post('/user', { userId: `user${u}` }, headers)).status !== 201) throw new Error('create user');
      if ((await post(`/admin/user/user${u}/points`, { points: 1_000_000, reason: 'bench' }, admin)).status !== 201)
        throw new Error('points');
    });
    const auth = (u: number) => ({ authorization: `Bearer ${tokens[u]}`, 'content-type': 'application/json' });
    const redeem = tokens.map((_, u) => ({
      method: 'POST' as const,
      path: `/user/user${u}/offer/bench/redeem`,
      headers: auth(u),
      body: '{"metadata":{"quantity":1}}',
    }));
    const overview = tokens.map((_, u) => ({ method: 'GET' as const, path: `/user/user${u}/notifications/overview`, headers: auth(u) }));
    const coupons = tokens.map((_, u) => ({ method: 'GET' as const, path: `/user/user${u}/coupon`, headers: auth(u) }));

    const run = async (pid: number, url: string, requests: autocannon.Request[]) => {
      const target = [{ url, requests, connections: CONNECTIONS }];
      await measure(target, 1, [pid]); // warm-up
      return measure(target, SECONDS, [pid]);
    };
    const bare = await spawnServer('bench/ingest/bare-server.ts', {});
    let bareResult: Measured;
    try {
      bareResult = await run(bare.child.pid!, bare.base, redeem);
    } finally {
      await stop(bare.child);
    }
    const pid = server.pid!;
    const rows: Array<[string, Measured]> = [['bare Fastify route (same redeem body, no storage)', bareResult]];
    rows.push(['POST …/offer/{offerId}/redeem', await run(pid, base, redeem)]);
    rows.push(['GET …/notifications/overview', await run(pid, base, overview)]);
    rows.push(['GET …/coupon', await run(pid, base, coupons)]);

    console.log(
      `\nRedeem benchmark, ${mode} mode, ${new Date().toISOString()} (${SECONDS} s each, ${CONNECTIONS} connections, ${USERS} users)`,
    );
    console.log('| request | req/s | p50 ms | p99 ms | server CPU µs/request | req/s ÷ bare | CPU ÷ bare | non-2xx | errors |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const [name, r] of rows) {
      console.log(
        `| ${name} | ${Math.round(r.rps)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${Math.round(r.cpuUs)} | ` +
          `${(r.rps / bareResult.rps).toFixed(2)} | ${(r.cpuUs / bareResult.cpuUs).toFixed(2)} | ${r.non2xx} | ${r.errors} |`,
      );
    }
  } finally {
    if (server) await stop(server);
    await store.cleanup();
  }
}

await main();
