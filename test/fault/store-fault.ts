/**
 * Fault test of scale mode (npm run test:fault). Two Laurel instances share a PostgreSQL cluster
 * and a redis-server of this test's own (spare ports of 127.0.0.1; never the machine's shared
 * servers). Under event load it kills PostgreSQL with SIGKILL and starts it again, then does the
 * same to Redis. Every event that was not acknowledged is sent again with its Idempotency-Key
 * until it is. Then it checks: both instances still run; every acknowledged event is stored
 * exactly once; balance == ledger for every user; the boards served from Redis equal the boards
 * rebuilt from PostgreSQL. Bounded: about a minute.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOwnPostgres, startOwnRedis, type OwnPostgres, type OwnRedis } from '../helpers/own-stores.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';
import { checkBoards, checkStore, sendEvent, serverEnv, serviceToken, setup } from './fault-load.js';

const CLIENTS = 8;
const OUTAGE_MS = 3_000;
const STEADY_MS = 3_000;
const REQUEST_BOUND_MS = 2_000;

interface Outage {
  store: string;
  failed: number;
  slowestFailureMs: number;
  secondsToRecover: number;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'laurel-fault-'));
  let postgres: OwnPostgres | null = null;
  let redis: OwnRedis | null = null;
  const servers: ServerProcess[] = [];
  try {
    postgres = await startOwnPostgres();
    redis = await startOwnRedis();
    const env = serverEnv(postgres.url, redis.url);
    servers.push(await startServer(env, dataDir), await startServer(env, dataDir));
    const bases = servers.map((s) => s.baseUrl);
    const token = await serviceToken();
    await setup(bases[0]!, token);

    // The load: CLIENTS loops; a seq that got no 200 goes back to the queue and is sent again.
    const acknowledged = new Set<number>();
    const retries: number[] = [];
    let nextSeq = 1;
    let stopping = false;
    let failures: Array<{ at: number; ms: number }> = [];
    const client = async () => {
      while (!stopping || retries.length > 0) {
        const seq = retries.shift() ?? (stopping ? undefined : nextSeq++);
        if (seq === undefined) break;
        const { status, ms } = await sendEvent(bases[seq % bases.length]!, token, seq);
        if (status === 200) acknowledged.add(seq);
        else {
          failures.push({ at: Date.now(), ms });
          retries.push(seq);
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, client));

    const outages: Outage[] = [];
    const outage = async (name: string, crash: () => Promise<void>, start: () => Promise<void>) => {
      await new Promise((r) => setTimeout(r, STEADY_MS));
      failures = [];
      await crash();
      await new Promise((r) => setTimeout(r, OUTAGE_MS));
      await start();
      const restarted = Date.now();
      await untilRecovered(bases, token);
      const secondsToRecover = (Date.now() - restarted) / 1000;
      // Failures that answered (503) must have answered within the bound; a lost connection has no answer.
      outages.push({
        store: name,
        failed: failures.length,
        slowestFailureMs: Math.round(Math.max(0, ...failures.map((f) => f.ms))),
        secondsToRecover,
      });
      console.log(
        `${name}: killed with SIGKILL for ${OUTAGE_MS / 1000} s; ${failures.length} requests refused meanwhile; recovered ` +
          `${secondsToRecover.toFixed(1)} s after the restart`,
      );
    };
    await outage(
      'PostgreSQL',
      () => postgres!.crash(),
      () => postgres!.start(),
    );
    await outage(
      'Redis',
      () => redis!.crash(),
      () => redis!.start(),
    );
    await new Promise((r) => setTimeout(r, STEADY_MS));
    stopping = true;
    await withDeadline(load, 120_000, 'the load did not drain within 120 s');

    const violations: string[] = [];
    for (const s of servers)
      if (s.child.exitCode !== null || s.child.signalCode !== null)
        violations.push(`instance ${s.baseUrl} died:\n${s.output().slice(-2000)}`);
    for (const o of outages)
      if (o.slowestFailureMs > REQUEST_BOUND_MS) violations.push(`${o.store} outage: a refused request took ${o.slowestFailureMs} ms`);
    const store = await checkStore(postgres.url, acknowledged);
    violations.push(...store.violations);
    for (const base of bases) violations.push(...(await checkBoards(base, token, postgres.url)));

    console.log(`acknowledged ${acknowledged.size} events, ${store.events} stored, ${violations.length} violations`);
    if (violations.length > 0) {
      console.error(violations.slice(0, 30).join('\n'));
      throw new Error('FAULT TEST FAILED');
    }
    console.log(
      `FAULT TEST PASSED: ${acknowledged.size} acknowledged events, 0 lost, 0 duplicated; ` +
        outages.map((o) => `${o.store} recovered in ${o.secondsToRecover.toFixed(1)} s (slowest 503: ${o.slowestFailureMs} ms)`).join('; '),
    );
  } finally {
    for (const s of servers) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await redis?.destroy();
    await postgres?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Recovered: both instances ready, an event acknowledged by each, and the board readable. */
async function untilRecovered(bases: string[], token: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (const base of bases) {
    for (;;) {
      const ready = await fetch(`${base}/health/ready`).then(
        (r) => r.status,
        () => 0,
      );
      const board = await fetch(`${base}/project/default/leaderboard?groupId=default&timeframe=7d`, {
        headers: { authorization: `Bearer ${token}` },
      }).then(
        (r) => r.status,
        () => 0,
      );
      if (ready === 200 && board === 200) break;
      if (Date.now() > deadline) throw new Error(`${base} did not recover within 60 s (ready ${ready}, board ${board})`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

async function withDeadline<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
