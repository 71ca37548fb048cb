/**
 * Issue 31's "done when", in a real browser and in scale mode: two instances of the built server on
 * one PostgreSQL and one Redis (scripts/cluster.mjs, as `npm run cluster`), two browsers (two Chromium
 * contexts: their own storage, each signed in) with the dashboard of instance B open on alice's page;
 * an event of alice sent to instance A shows "+10" and her new balance on both pages without a reload
 * (the pages follow her live stream on B; the event reaches B through Redis). Prints how long each
 * took (the target, within a second, is reported, not asserted).
 *
 * Run: npm run test:e2e (after dashboard.e2e.ts). Needs LAUREL_TEST_POSTGRES_URL and
 * LAUREL_TEST_REDIS_URL (set by .ci/run); without them it says so and checks nothing. A database and a
 * Redis prefix of its own, removed after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { SignJWT } from 'jose';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { deleteKeysWithPrefix } from '../../src/platform/redis.js';
import { buildServerIfStale } from '../helpers/built-server.js';

const ROOT = resolve(import.meta.dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const POSTGRES_URL = process.env.LAUREL_TEST_POSTGRES_URL;
const REDIS_URL = process.env.LAUREL_TEST_REDIS_URL;
const ADMIN_TOKEN = 'e2e-cluster-admin-token-0123456789';
const JWT_SECRET = 'e2e-cluster-jwt-secret-0123456789abcdefghijklmnop';

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Check failed: ${message}`);
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Starts `npm run cluster` on two free ports; resolves with both bases once both answer /health. */
async function startCluster(databaseUrl: string, prefix: string): Promise<{ cluster: ChildProcess; bases: [string, string] }> {
  const ports = [await freePort(), await freePort()];
  const cluster = spawn(process.execPath, [join(ROOT, 'scripts', 'cluster.mjs'), '--ports', ports.join(',')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: REDIS_URL!,
      LAUREL_REDIS_PREFIX: prefix,
      JWT_SECRET,
      ADMIN_TOKEN,
      LOG_LEVEL: 'warn',
      LAUREL_TEST_CLOCK: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  cluster.stdout!.on('data', (d) => (output += d));
  cluster.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 120_000;
  while (!/cluster ready: (\S+) (\S+)/.test(output)) {
    if (cluster.exitCode !== null || Date.now() > deadline) throw new Error(`the cluster did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const ready = /cluster ready: (\S+) (\S+)/.exec(output)!;
  return { cluster, bases: [ready[1]!, ready[2]!] };
}

/** A browser of its own (a context: its own storage), signed in on `base`, on alice's page, following her live stream. */
async function aliceOn(browser: Browser, base: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(`${base}/dashboard/`);
  await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
  await page.getByLabel('Admin token').press('Enter');
  await page.getByRole('navigation', { name: 'Screens' }).waitFor();
  const streaming = page.waitForResponse((r) => r.url().startsWith(`${base}/user/alice/stream`) && r.status() === 200);
  await page.goto(`${base}/dashboard/users/alice`);
  await page.getByTestId('balance').filter({ hasText: /^0$/ }).waitFor();
  await streaming;
  return page;
}

async function main(): Promise<void> {
  if (!POSTGRES_URL || !REDIS_URL) {
    console.log('live-cluster e2e: skipped (needs LAUREL_TEST_POSTGRES_URL and LAUREL_TEST_REDIS_URL; .ci/run sets both)');
    return;
  }
  buildServerIfStale();
  const run = randomBytes(6).toString('hex');
  const database = `laurel_e2e_live_${run}`;
  const prefix = `laurel-e2e-live:${run}:`;
  await adminQuery(`CREATE DATABASE ${database}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${database}`;
  let cluster: ChildProcess | null = null;
  let browser: Browser | null = null;
  try {
    const started = await startCluster(url.toString(), prefix);
    cluster = started.cluster;
    const [a, b] = started.bases;
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
    const defined = await fetch(`${a}/admin/event`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ eventId: 'buy', title: 'Buy', reward: { default: 10 } }),
    });
    check(defined.status === 201, `define the event: ${defined.status}`);
    const alice = await new SignJWT({ sub: 'alice' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(JWT_SECRET));
    const auth = { authorization: `Bearer ${alice}`, 'content-type': 'application/json' };
    const created = await fetch(`${a}/user`, { method: 'POST', headers: auth, body: '{"userId":"alice"}' });
    check(created.status === 201, `create alice: ${created.status}`);

    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    const pages = await Promise.all([aliceOn(browser, b), aliceOn(browser, b)]);
    // Instance B announces alice's streams to A through Redis at once; a moment for it to arrive.
    await new Promise((r) => setTimeout(r, 300));
    const sentAt = performance.now();
    const sent = await fetch(`${a}/event`, { method: 'POST', headers: auth, body: '{"userId":"alice","eventId":"buy"}' });
    check(sent.status === 200, `POST /event to instance A: ${sent.status}`);
    const shown = await Promise.all(
      pages.map(async (page) => {
        await page.getByRole('cell', { name: '+10' }).first().waitFor({ timeout: 5_000 });
        await page.getByTestId('balance').filter({ hasText: /^10$/ }).waitFor({ timeout: 5_000 });
        return Math.round(performance.now() - sentAt);
      }),
    );
    console.log(
      `live-cluster e2e: passed — two browsers on instance B showed "+10" and balance 10 of an event sent to instance A after ` +
        `${shown.join(' and ')} ms (target: within a second; measured, not asserted)`,
    );
  } finally {
    await browser?.close();
    if (cluster && cluster.exitCode === null) {
      const exited = new Promise((r) => cluster!.once('exit', r));
      cluster.kill('SIGTERM');
      await exited;
    }
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await deleteKeysWithPrefix(REDIS_URL, prefix);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
