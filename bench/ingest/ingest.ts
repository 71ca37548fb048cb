/**
 * Ingest benchmark (npm run bench:ingest): autocannon against POST /event of the real server
 * (FIXED reward, user JWTs of 10,000 users, 50 connections) and, in the same run, against a bare
 * Fastify route that validates the same body. Embedded mode by default (SQLite file, durable
 * synchronous=FULL commits); scale mode when DATABASE_URL is postgres://… (REDIS_URL too, default
 * redis://127.0.0.1:6379): the bench creates and drops its own database.
 *
 * Env: BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_USERS (10000), BENCH_WARMUP_SECONDS (3),
 * BENCH_GAMIFICATION (1: on the same warm server, POST /event is measured again with one active
 * challenge and one streak, then once more with both inactive; see gamification.ts).
 */
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { spawnServer, stop } from '../lib/bench-server.js';
import { createBenchStore, eachLimited, mode } from '../lib/bench-store.js';
import { defineGamification, setGamification } from './gamification.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const JWT_SECRET = 'bench-secret-0123456789abcdefghijklmnopqrstuv';
const ADMIN_TOKEN = 'bench-admin-token-0123456789';
const GAMIFICATION = process.env.BENCH_GAMIFICATION === '1';




interface Result {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function cannon(base: string, requests: autocannon.Request[], seconds: number): Promise<Result> {
  const r = await autocannon({ url: `${base}/event`, connections: CONNECTIONS, duration: seconds, requests, method: 'POST' });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

async function main(): Promise<void> {
  const store = await createBenchStore('ingest', { JWT_SECRET, ADMIN_TOKEN });
  const env = store.env;

  const servers: ChildProcess[] = [];
  try {
    const key = new TextEncoder().encode(JWT_SECRET);
    const tokens = await Promise.all(Array.from({ length: USERS }, (_, u) => new SignJWT({ sub: `user${u}` }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('2h').sign(key)));
    const requests: autocannon.Request[] = tokens.map((token, u) => ({
      method: 'POST',
      path: '/event',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: 'purchase', userId: `user${u}`, metadata: { shop: 'berlin', amount: 12 } }),
    }));

    const bare = await spawnServer('bench/ingest/bare-server.ts', {});
    servers.push(bare.child);
    await cannon(bare.base, requests, WARMUP);
    const bareResult = await cannon(bare.base, requests, SECONDS);
    await stop(bare.child);

    const laurel = await spawnServer('src/main.ts', env);
    servers.push(laurel.child);
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
    const def = await fetch(`${laurel.base}/admin/event`, { method: 'POST', headers: admin, body: JSON.stringify({ eventId: 'purchase', title: 'Purchase', reward: { default: 10 } }) });
    if (def.status !== 201) throw new Error(`define event: ${def.status} ${await def.text()}`);
    await eachLimited([...tokens.keys()], 50, async (u) => {
      const res = await fetch(`${laurel.base}/user`, { method: 'POST', headers: { authorization: `Bearer ${tokens[u]}`, 'content-type': 'application/json' }, body: JSON.stringify({ userId: `user${u}` }) });
      if (res.status !== 201) throw new Error(`create user: ${res.status}`);
    });
    await cannon(laurel.base, requests, WARMUP);
    const result = await cannon(laurel.base, requests, SECONDS);
    let gamified: Result | null = null;
    let plainAgain: Result | null = null;
    if (GAMIFICATION) {
      await defineGamification(laurel.base, admin);
      await cannon(laurel.base, requests, WARMUP);
      gamified = await cannon(laurel.base, requests, SECONDS);
      await setGamification(laurel.base, admin, false);
      plainAgain = await cannon(laurel.base, requests, SECONDS);
    }
    await stop(laurel.child);

    const ratio = result.rps / bareResult.rps;
    console.log(`\nIngest benchmark, ${mode} mode (${SECONDS} s, ${CONNECTIONS} connections, ${USERS} users)`);
    console.log('| target | events/s | p50 ms | p99 ms | non-2xx | errors |');
    console.log('|---|---|---|---|---|---|');
    console.log(`| POST /event (${mode}) | ${Math.round(result.rps)} | ${result.p50} | ${result.p99} | ${result.non2xx} | ${result.errors} |`);
    console.log(`| bare Fastify route | ${Math.round(bareResult.rps)} | ${bareResult.p50} | ${bareResult.p99} | ${bareResult.non2xx} | ${bareResult.errors} |`);
    console.log(`ratio POST /event / bare: ${ratio.toFixed(3)}`);
    if (gamified && plainAgain) {
      console.log(`| POST /event (${mode}) + 1 challenge + 1 streak | ${Math.round(gamified.rps)} | ${gamified.p50} | ${gamified.p99} | ${gamified.non2xx} | ${gamified.errors} |`);
      console.log(`| POST /event (${mode}) again, both inactive | ${Math.round(plainAgain.rps)} | ${plainAgain.p50} | ${plainAgain.p99} | ${plainAgain.non2xx} | ${plainAgain.errors} |`);
      const plain = (result.rps + plainAgain.rps) / 2;
      console.log(`change with 1 challenge + 1 streak vs the mean of the runs without: ${(((gamified.rps - plain) / plain) * 100).toFixed(1)} % events/s`);
    }
  } finally {
    for (const s of servers) await stop(s);
    await store.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
