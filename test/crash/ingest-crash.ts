/**
 * Crash test of the event path (npm run test:crash): starts the real server (node dist/main.js, built
 * first when stale) on a
 * temporary SQLite store, sends events from concurrent clients, kills the server with SIGKILL at a
 * random moment, restarts it, and checks that every acknowledged event is stored exactly once,
 * that no event lacks its ledger entry (or the other way round), and that every balance equals
 * the sum of its ledger. Repeats for ROUNDS rounds (default 50) on the same store.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SignJWT } from 'jose';
import { buildServerIfStale, ROOT, serverEntry } from '../helpers/built-server.js';

const ROUNDS = Number(process.env.ROUNDS ?? 50);
const CLIENTS = 16;
const USERS = 20;
const JWT_SECRET = 'crash-test-secret-0123456789abcdefghijklmnop';
const ADMIN_TOKEN = 'crash-test-admin-token-0123456789';

const dir = mkdtempSync(join(tmpdir(), 'laurel-crash-'));
const dbFile = join(dir, 'laurel.db');

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

async function start(): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry()], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${dbFile}`,
      LAUREL_DATA_DIR: dir,
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET,
      ADMIN_TOKEN,
      RATE_LIMIT_MAX: '10000000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} during start`);
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) return { child, base };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start within 90 s');
    await new Promise((r) => setTimeout(r, 50));
  }
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function setup(base: string, token: string): Promise<void> {
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
  const def = await fetch(`${base}/admin/event`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ eventId: 'tap', title: 'Tap', reward: { default: 3 }, limit: 1000000 }),
  });
  if (def.status !== 201) throw new Error(`define event: ${def.status}`);
  for (let u = 0; u < USERS; u++) {
    const res = await fetch(`${base}/user`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: `u${u}` }),
    });
    if (res.status !== 201) throw new Error(`create user: ${res.status}`);
  }
}

let nextSeq = 1;
const acknowledged = new Set<number>();

/** Sends events from CLIENTS loops until the server dies; records the seq of every 200. */
async function load(base: string, token: string, stop: { dead: boolean }): Promise<number> {
  let acked = 0;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (!stop.dead) {
        const seq = nextSeq++;
        try {
          const res = await fetch(`${base}/event`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ eventId: 'tap', userId: `u${seq % USERS}`, metadata: { seq } }),
          });
          if (res.status === 200) {
            const body = (await res.json()) as { data: { metadata: { seq: number } } };
            if (body.data.metadata.seq !== seq) throw new Error(`response for seq ${seq} carries ${body.data.metadata.seq}`);
            acknowledged.add(seq);
            acked++;
          } else {
            await res.text();
            if (res.status !== 503) throw new Error(`unexpected status ${res.status}`);
          }
        } catch (err) {
          if (err instanceof Error && err.message.startsWith('unexpected')) throw err;
          if (err instanceof Error && err.message.startsWith('response')) throw err;
          return; // connection lost: the server is gone
        }
      }
    }),
  );
  return acked;
}

function verify(): { events: number; violations: string[] } {
  const db = new Database(dbFile, { readonly: true });
  try {
    const violations: string[] = [];
    const counts = new Map<number, number>();
    for (const row of db.prepare("select json_extract(metadata, '$.seq') as seq from events where event_id = 'tap'").iterate() as Iterable<{
      seq: number;
    }>) {
      counts.set(row.seq, (counts.get(row.seq) ?? 0) + 1);
    }
    for (const seq of acknowledged) {
      const n = counts.get(seq) ?? 0;
      if (n !== 1) violations.push(`acknowledged event ${seq} stored ${n} times`);
    }
    for (const [seq, n] of counts) if (n > 1) violations.push(`event ${seq} stored ${n} times`);
    const events = (db.prepare('select count(*) as n from events').get() as { n: number }).n;
    const ledger = (db.prepare("select count(*) as n from ledger where type = 'EVENT'").get() as { n: number }).n;
    if (events !== ledger) violations.push(`${events} events but ${ledger} EVENT ledger entries`);
    const drift = db
      .prepare(
        'select u.user_id, u.points, coalesce((select sum(points) from ledger l where l.project_id = u.project_id and l.user_id = ' +
          'u.user_id), 0) as total from users u',
      )
      .all() as Array<{ user_id: string; points: number; total: number }>;
    for (const d of drift)
      if (d.points !== d.total || d.points < 0) violations.push(`user ${d.user_id}: balance ${d.points}, ledger ${d.total}`);
    return { events, violations };
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  buildServerIfStale();
  const token = await new SignJWT({ sub: 'crash-test', role: 'service' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(JWT_SECRET));
  let failed = false;
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const { child, base } = await start();
      if (round === 1) await setup(base, token);
      const stop = { dead: false };
      const sending = load(base, token, stop);
      await new Promise((r) => setTimeout(r, 300 + Math.random() * 1200));
      await kill(child);
      stop.dead = true;
      const acked = await sending;
      const { events, violations } = verify();
      console.log(
        `round ${String(round).padStart(2)}: ${acked} acknowledged this round, ${acknowledged.size} in all, ${events} stored, ` +
          `${violations.length} violations`,
      );
      if (violations.length > 0) {
        console.error(violations.slice(0, 20).join('\n'));
        failed = true;
        break;
      }
    }
    // A last start proves the store opens after the final kill.
    const { child } = await start();
    await kill(child);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (failed) {
    console.error('CRASH TEST FAILED');
    process.exit(1);
  }
  console.log(`CRASH TEST PASSED: ${ROUNDS} rounds, ${acknowledged.size} acknowledged events, 0 lost, 0 duplicated`);
}

main().catch((err) => {
  console.error(err);
  rmSync(dir, { recursive: true, force: true });
  process.exit(1);
});
