/**
 * Ingest benchmark (npm run bench:ingest): autocannon against POST /event of the real server
 * (FIXED reward, user JWTs of 10,000 users, 50 connections) and, in the same run, against a bare
 * Fastify route that validates the same body. Embedded mode by default (SQLite file, durable
 * synchronous=FULL commits); scale mode when DATABASE_URL is postgres://… (REDIS_URL too, default
 * redis://127.0.0.1:6379): the bench creates and drops its own database.
 *
 * Env: BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_USERS (10000), BENCH_WARMUP_SECONDS (3).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import pg from 'pg';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const JWT_SECRET = 'bench-secret-0123456789abcdefghijklmnopqrstuv';
const ADMIN_TOKEN = 'bench-admin-token-0123456789';
const scaleUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL! : null;
const mode = scaleUrl ? 'scale' : 'embedded';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function spawnServer(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const args = [...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []), '--import', 'tsx', script];
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      await fetch(`${base}/health`);
      return { child, base };
    } catch {
      if (Date.now() > deadline) throw new Error(`${script} did not start`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

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

async function withConcurrency<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let i = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (i < items.length) await fn(items[i++]!);
  }));
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'laurel-bench-'));
  let database: string | null = null;
  const env: Record<string, string> = { JWT_SECRET, ADMIN_TOKEN, LAUREL_DATA_DIR: dir, RATE_LIMIT_MAX: '10000000', LOG_LEVEL: 'warn' };
  if (scaleUrl) {
    database = `laurel_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: scaleUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = new URL(scaleUrl);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
    env.REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    env.LAUREL_REDIS_PREFIX = `laurel-bench:${database}:`;
  } else {
    env.DATABASE_URL = `sqlite:${join(dir, 'laurel.db')}`;
  }

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
    await withConcurrency([...tokens.keys()], 50, async (u) => {
      const res = await fetch(`${laurel.base}/user`, { method: 'POST', headers: { authorization: `Bearer ${tokens[u]}`, 'content-type': 'application/json' }, body: JSON.stringify({ userId: `user${u}` }) });
      if (res.status !== 201) throw new Error(`create user: ${res.status}`);
    });
    await cannon(laurel.base, requests, WARMUP);
    const result = await cannon(laurel.base, requests, SECONDS);
    await stop(laurel.child);

    const ratio = result.rps / bareResult.rps;
    console.log(`\nIngest benchmark, ${mode} mode (${SECONDS} s, ${CONNECTIONS} connections, ${USERS} users)`);
    console.log('| target | events/s | p50 ms | p99 ms | non-2xx | errors |');
    console.log('|---|---|---|---|---|---|');
    console.log(`| POST /event (${mode}) | ${Math.round(result.rps)} | ${result.p50} | ${result.p99} | ${result.non2xx} | ${result.errors} |`);
    console.log(`| bare Fastify route | ${Math.round(bareResult.rps)} | ${bareResult.p50} | ${bareResult.p99} | ${bareResult.non2xx} | ${bareResult.errors} |`);
    console.log(`ratio POST /event / bare: ${ratio.toFixed(3)}`);
  } finally {
    for (const s of servers) await stop(s);
    rmSync(dir, { recursive: true, force: true });
    if (scaleUrl && database) {
      const admin = new pg.Client({ connectionString: scaleUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
