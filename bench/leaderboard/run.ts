/**
 * Leaderboard benchmark (`npm run bench:leaderboard`): seeds BENCH_USERS (default 1,000,000) users
 * straight into the aggregates, starts the server in a child process (timing the index rebuild),
 * then measures with autocannon — 50 connections, BENCH_SECONDS each — the personalized view, the
 * rank endpoint, the full board at offset 0 and 500,000, a bare Fastify GET and a bare route
 * answering the same 100-entry page (the full board's reference), while events keep arriving;
 * with the server's CPU time per request. Modes: `embedded` (SQLite + in-process index) and `scale` (PostgreSQL + Redis; needs
 * BENCH_POSTGRES_URL and BENCH_REDIS_URL). Prints a markdown table per mode.
 *
 *   npm run bench:leaderboard -- embedded scale
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import pg from 'pg';
import { openDatabase } from '../../src/platform/db/database.js';
import { migrateToLatest } from '../../src/platform/db/migrate.js';
import { deleteKeysWithPrefix } from '../../src/platform/redis.js';
import { cpuMs } from '../lib/measure.js';
import { seed } from './seed.js';

const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const SECRET = 'laurel-bench-secret-0123456789abcdefghijklmnop';
const mib = (b: number) => `${Math.round(b / 1048576)} MB`;

interface Ready {
  port: number;
  rebuild: Record<string, number>;
  rssAfterLoad: number;
}

async function prepareStore(mode: string): Promise<{ url: string; cleanup: () => Promise<void>; seedMs: number }> {
  let url: string;
  let cleanup: () => Promise<void>;
  if (mode === 'embedded') {
    const dir = mkdtempSync(join(tmpdir(), 'laurel-bench-'));
    url = `sqlite:${join(dir, 'bench.db')}`;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const base = process.env.BENCH_POSTGRES_URL;
    if (!base || !process.env.BENCH_REDIS_URL) throw new Error('scale mode needs BENCH_POSTGRES_URL and BENCH_REDIS_URL');
    const name = `laurel_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    url = u.toString();
    cleanup = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      await deleteKeysWithPrefix(process.env.BENCH_REDIS_URL!, 'laurel-bench-');
    };
  }
  const db = openDatabase(url);
  await migrateToLatest(db);
  const t0 = performance.now();
  await seed(db, USERS, Date.now());
  const seedMs = Math.round(performance.now() - t0);
  await db.close();
  return { url, cleanup, seedMs };
}

function startServer(
  url: string,
  mode: string,
): Promise<{ pid: number; ready: Ready; ask: (type: string) => Promise<Record<string, number>>; stop: () => Promise<void> }> {
  const child = fork(new URL('./server.ts', import.meta.url).pathname, [], {
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: {
      ...process.env,
      BENCH_DATABASE_URL: url,
      BENCH_REDIS_URL: mode === 'scale' ? process.env.BENCH_REDIS_URL : '',
      BENCH_REDIS_PREFIX: `laurel-bench-${Date.now()}:`,
      BENCH_JWT_SECRET: SECRET,
      BENCH_USERS: String(USERS),
    },
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.once('message', (ready: Ready) => {
      const ask = (type: string) =>
        new Promise<Record<string, number>>((res) => {
          child.once('message', (m: Record<string, number>) => res(m));
          child.send({ type });
        });
      const stop = () =>
        new Promise<void>((res) => {
          child.removeAllListeners('exit');
          child.once('exit', () => res());
          child.send({ type: 'stop' });
        });
      resolve({ pid: child.pid!, ready, ask, stop });
    });
  });
}

/** autocannon against one route, with the server's CPU time per request (µs) over the run. */
async function measure(url: string, headers: Record<string, string>, pid: number) {
  const cpu0 = cpuMs(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const cpuUs = Math.round(((cpuMs(pid) - cpu0) * 1000) / Math.max(1, r.requests.total));
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    timeouts: r.timeouts,
    cpuUs,
  };
}

async function runMode(mode: string): Promise<string> {
  const { url, cleanup, seedMs } = await prepareStore(mode);
  if (mode === 'scale') await deleteKeysWithPrefix(process.env.BENCH_REDIS_URL!, 'laurel-bench-');
  const server = await startServer(url, mode);
  const base = `http://127.0.0.1:${server.ready.port}`;
  const token = await new SignJWT({ sub: 'bench', role: 'service' })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(SECRET));
  const headers = { authorization: `Bearer ${token}` };
  const middle = `u${Math.floor(USERS / 2) + 1}`;
  const routes: Array<[string, string]> = [
    ['bare Fastify GET', '/bench/bare'],
    ['bare 100-entry page', '/bench/bare-page'],
    ['personalized view (30d)', `/user/${middle}/leaderboard?groupId=default&timeframe=30d`],
    ['rank (7d, 30d, 365d)', `/user/${middle}/rank?groupId=default`],
    ['full board, offset 0', '/project/default/leaderboard?groupId=default&timeframe=7d&limit=100&offset=0'],
    [`full board, offset ${USERS / 2}`, `/project/default/leaderboard?groupId=default&timeframe=7d&limit=100&offset=${USERS / 2}`],
    ['bare 100-entry page (again)', '/bench/bare-page'],
    ['bare Fastify GET (again, last)', '/bench/bare'],
  ];
  const results: Array<[string, Awaited<ReturnType<typeof measure>>]> = [];
  const before = await server.ask('stats');
  for (const [name, path] of routes) {
    await autocannon({ url: base + path, connections: 10, duration: 1, headers }); // warm-up
    const m = await measure(base + path, headers, server.pid);
    results.push([name, m]);
    console.error(
      `[${mode}] ${name}: ${m.rps} req/s p50 ${m.p50} ms p99 ${m.p99} ms errors ${m.errors} timeouts ${m.timeouts} cpu ${m.cpuUs} ` +
        `µs/request`,
    );
  }
  // The bare routes are measured first and last; reads are compared with the mean of both runs,
  // the full board with the bare route answering the same 100-entry page.
  const meanOf = (path: string) => {
    const runs = results.filter((_, i) => routes[i]![1] === path).map(([, m]) => m.rps);
    return runs.reduce((a, b) => a + b, 0) / runs.length;
  };
  const bare = meanOf('/bench/bare');
  const barePage = meanOf('/bench/bare-page');
  const rows = results.map(([name, m], i) => {
    const path = routes[i]![1];
    const ref = path.startsWith('/project/') || path === '/bench/bare-page' ? barePage : bare;
    return (
      `| ${name} | ${m.rps} | ${m.p50} | ${m.p99} | ${m.cpuUs} | ${Math.round((m.rps / ref) * 100)}% ` +
      `${ref === barePage ? 'of bare page' : 'of bare'} | ${m.errors + m.timeouts} |`
    );
  });
  const after = await server.ask('stats');
  await server.stop();
  await cleanup();
  const rb = server.ready.rebuild;
  const eventsPerSecond = Math.round((after.events! - before.events!) / (routes.length * (SECONDS + 1)));
  return [
    `### ${mode} (${mode === 'embedded' ? 'SQLite + in-process index' : 'PostgreSQL + Redis sorted sets'}), ` +
      `${USERS.toLocaleString('en')} users`,
    '',
    `Seed ${seedMs} ms. Index rebuild of the four default-group boards at start: ${rb.total} ms (month ${rb.month}, 7d ${rb['7d']}, 30d ` +
      `${rb['30d']}, 365d ${rb['365d']}).`,
    `RSS after the rebuild: ${mib(server.ready.rssAfterLoad)}; after the runs: ${mib(after.rss!)}. Events recorded during the runs: ` +
      `${after.events! - before.events!} (~${eventsPerSecond}/s), errors ${after.eventErrors}.`,
    '',
    `| route (${CONNECTIONS} connections, ${SECONDS} s) | req/s | p50 ms | p99 ms | server CPU µs/request | ratio (mean of both runs of ` +
      `the bare route) | errors |`,
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

const modes = process.argv.slice(2).filter((a) => a === 'embedded' || a === 'scale');
const out: string[] = [];
for (const mode of modes.length ? modes : ['embedded']) {
  out.push(await runMode(mode));
  console.log(out[out.length - 1]);
}
