/**
 * Analytics benchmark (npm run bench:analytics): 10,000,000 events over 400 days ending today,
 * 100,000 users, 20 event ids, written straight into the rollup tables (the stats never read raw
 * events, so the raw event rows are not written). Then autocannon against GET /stats/event of the
 * real server: period=90d and period=all, global and for one event.
 * Embedded mode by default (SQLite file); scale mode when DATABASE_URL is postgres://… (the bench
 * creates and drops its own database; REDIS_URL default redis://127.0.0.1:6379).
 *
 * Each query runs with 1 connection (latency of one dashboard user) and with BENCH_CONNECTIONS.
 *
 * Env: BENCH_EVENTS (10000000), BENCH_DAYS (400), BENCH_USERS (100000), BENCH_SECONDS (8),
 * BENCH_CONNECTIONS (4).
 */
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { createBenchStore, mode } from '../lib/bench-store.js';
import { openDatabase } from '../../src/platform/db/database.js';
import { migrateToLatest } from '../../src/platform/db/migrate.js';
import { buildSeed } from './seed.js';
import { spawnServer, stop } from '../lib/bench-server.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 400);
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const JWT_SECRET = 'bench-secret-0123456789abcdefghijklmnopqrstuv';

async function main(): Promise<void> {
  const store = await createBenchStore('analytics', { JWT_SECRET, ADMIN_TOKEN: 'bench-admin-token-0123456789' });
  const env = store.env;
  try {
    let t = performance.now();
    const seed = buildSeed({ events: EVENTS, days: DAYS, users: USERS, eventTypes: 20, now: Date.now(), projectId: 'default' });
    console.log(
      `built ${seed.rollups.length} rollup rows and ${seed.metadata.length} metadata rows from ${EVENTS} events in ` +
        `${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    t = performance.now();
    const db = openDatabase(env.DATABASE_URL);
    await migrateToLatest(db);
    for (let i = 0; i < seed.rollups.length; i += 200)
      await db.kysely
        .insertInto('analytics_rollups')
        .values(seed.rollups.slice(i, i + 200))
        .execute();
    for (let i = 0; i < seed.metadata.length; i += 500)
      await db.kysely
        .insertInto('analytics_metadata')
        .values(seed.metadata.slice(i, i + 500))
        .execute();
    if (db.dialect === 'postgres') await sql`analyze`.execute(db.kysely);
    await db.close();
    console.log(`wrote them in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const server = await spawnServer('src/main.ts', env);
    try {
      const token = await new SignJWT({ sub: 'bench', role: 'service' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('2h')
        .sign(new TextEncoder().encode(JWT_SECRET));
      const headers = { authorization: `Bearer ${token}` };
      console.log(`\n${mode} mode, ${SECONDS} s per query and connection count`);
      console.log('| query | connections | req/s | p50 ms | p99 ms | max ms | non-2xx |\n|---|---|---|---|---|---|---|');
      for (const query of [
        'period=90d',
        'period=all',
        'period=90d&eventId=event_03',
        'period=all&eventId=event_03',
        'period=7d',
        'timeframe=month&month=' + new Date().toISOString().slice(0, 7),
      ]) {
        const path = `/stats/event?${query}`;
        const check = await fetch(`${server.base}${path}`, { headers });
        if (check.status !== 200) throw new Error(`${path}: ${check.status} ${await check.text()}`);
        await autocannon({ url: `${server.base}${path}`, connections: CONNECTIONS, duration: 2, headers });
        for (const connections of [1, CONNECTIONS]) {
          const r = await autocannon({ url: `${server.base}${path}`, connections, duration: SECONDS, headers });
          console.log(
            `| ${query} | ${connections} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} | ` +
              `${r.non2xx} |`,
          );
        }
      }
      const sample = await (await fetch(`${server.base}/stats/event?period=all`, { headers })).json();
      console.log(
        `\nperiod=all: totalEvents ${sample.data.totalEvents}, uniqueUsers ${sample.data.uniqueUsers} ` +
          `(${sample.data._metadata.uniqueUsersCalculationMethod}), days ${Object.keys(sample.data.dailyData).length}`,
      );
    } finally {
      await stop(server.child);
    }
  } finally {
    await store.cleanup();
  }
}

await main();
