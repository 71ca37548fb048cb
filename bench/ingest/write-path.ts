/**
 * In-process cost of the write path per event (npm run bench:write-path): no HTTP and no other
 * process, so a shared machine disturbs it less than the autocannon runs. Builds the app on a
 * temporary SQLite file (or on PostgreSQL + Redis when DATABASE_URL is postgres://…), defines the
 * ingest benchmark's event with one challenge and one streak, and submits events WRITE_BATCH at a
 * time through EventsService (prepare + write path), for WRITE_USERS users. Prints µs of this
 * process's CPU and of wall time per event.
 *
 * Env: WRITE_USERS (10000), WRITE_EVENTS (50000), WRITE_BATCH (50). WRITE_TRACE=1 also prints every
 * statement the measured batches ran (by its SQL), with its runs and rows per event. WRITE_XP=1 gives
 * the event one extra currency reward (`currencyRewards: { xp: { default: 5 } }`, an `xp` that is not
 * spendable): the issue-27 target compares its µs CPU/event with a run without it (decision 297: the
 * xp entry adds its own board rows to the same statements). The run stops when the events module does
 * not credit the xp board (currencyRewards not there yet), rather than measure nothing.
 * WRITE_ACHIEVEMENTS=N defines the ingest benchmark's N active achievements on the event (half counting
 * it with levels out of reach, half summing its `amount`; bench/ingest/achievements.ts) before the users
 * exist, so no backfill has anyone to walk: issue 29's target compares its µs CPU/event with N=0.
 * With WRITE_TOGGLE=1 as well, the same process then measures five rounds of the achievements active and
 * inactive (toggleRounds): the steadier figure. WRITE_TENTHS=1 prints the CPU of each tenth of the run.
 * WRITE_CAMPAIGNS=1 defines the ingest benchmark's five campaigns, two for segments (bench/ingest/campaigns.ts):
 * issue 28's target compares its µs CPU/event with a run without; WRITE_CAMPAIGNS=few: the same five, one paying each event.
 * WRITE_PAGES=1 (embedded): after the run, 40 more batches, each after a checkpoint that empties the WAL, and
 * the pages each commit wrote (WAL frames per batch: what a commit costs in I/O, counted, not timed), then the
 * pages of the largest tables (SQLite's dbstat), and the run's write and read system calls per event (/proc).
 */
import { readFileSync, statSync } from 'node:fs';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createBenchStore } from '../lib/bench-store.js';
import { PostgresSession, SqliteSession } from '../../src/write-path/session.js';
import { achievementBody, achievementIds } from './achievements.js';
import { campaignBodies, SEGMENTS } from './campaigns.js';

const USERS = Number(process.env.WRITE_USERS ?? 10_000);
const EVENTS = Number(process.env.WRITE_EVENTS ?? 50_000);
const BATCH = Number(process.env.WRITE_BATCH ?? 50);

const store = await createBenchStore('write-path', { JWT_SECRET: 'x'.repeat(40), ADMIN_TOKEN: 'a'.repeat(30) });
const config = loadConfig({ ...process.env, ...store.env, LOG_LEVEL: 'silent' });
const app = await buildApp({ config, logger: false });
try {
  const { services } = app;
  const projectId = 'default';
  const principal = { kind: 'service' as const, projectId, subject: 'bench' };
  const xp = process.env.WRITE_XP === '1';
  if (xp) await services.currencies.create(projectId, { currencyId: 'xp', title: { en: 'XP' }, spendable: false });
  const purchase = { eventId: 'purchase', title: 'Purchase', reward: { default: 10 } };
  // currencyRewards is the events module's (issue 27, item 2); spread in so this file compiles before and after it lands.
  await services.events.definitions.create(projectId, { ...purchase, ...(xp ? { currencyRewards: { xp: { default: 5 } } } : {}) });
  await services.challenges.create(projectId, {
    challengeId: 'bench-challenge',
    title: { en: 'Buy a lot' },
    eventId: 'purchase',
    goal: 1e9,
    points: 100,
  });
  await services.streaks.create(projectId, {
    streakId: 'bench-streak',
    title: { en: 'Daily' },
    timeFrame: 'daily',
    eventIds: ['purchase'],
    milestones: [{ count: 7, points: 70 }],
  });
  const achievements = Number(process.env.WRITE_ACHIEVEMENTS ?? 0);
  for (const [i, achievementId] of achievementIds(achievements).entries()) {
    await services.achievements.create(projectId, { achievementId, ...achievementBody(i, 'ACTIVE') } as never);
  }
  if (process.env.WRITE_CAMPAIGNS === '1' || process.env.WRITE_CAMPAIGNS === 'few') {
    // Through the admin API (the bodies of the ingest benchmark's five campaigns, two for segments).
    const headers = { authorization: `Bearer ${'a'.repeat(30)}` };
    const bodies = [
      ...SEGMENTS.map((b) => ['/admin/segment', b] as const),
      ...campaignBodies('ACTIVE', process.env.WRITE_CAMPAIGNS === 'few').map((b) => ['/admin/campaign', b] as const),
    ];
    for (const [url, payload] of bodies) {
      const res = await app.inject({ method: 'POST', url, headers, payload });
      if (res.statusCode !== 201) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
    }
  }
  for (let u = 0; u < USERS; u += 1000) {
    await app.platform.db.kysely
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(1000, USERS - u) }, (_, i) => ({
          project_id: projectId,
          user_id: `user${u + i}`,
          created_at: 0,
          points: 0,
          username: null,
          anonymous: 0,
        })),
      )
      .execute();
  }
  const send = async (from: number, n: number) => {
    await Promise.all(
      Array.from({ length: n }, (_, k) =>
        services.events.ingest(principal, {
          eventId: 'purchase',
          userId: `user${(from + k) % USERS}`,
          metadata: { shop: 'berlin', amount: 12 },
        }),
      ),
    );
  };
  for (let i = 0; i < Math.min(EVENTS, 5000); i += BATCH) await send(i, BATCH); // warm-up
  if (xp) {
    const xpBoard = { groupId: 'default', timeframe: '7d', currency: 'xp' };
    const board = JSON.parse(await services.leaderboards.board(projectId, projectId, xpBoard)) as { total: number };
    if (board.total === 0) throw new Error('WRITE_XP=1: the events credited no xp (currencyRewards is not in the events module yet)');
  }
  if (process.env.WRITE_TOGGLE === '1' && achievements > 0) await toggleRounds(services, projectId, achievements, send);
  const trace = process.env.WRITE_TRACE === '1' ? traceStatements() : null;
  const io0 = ioCounts();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  // WRITE_TENTHS=1 prints the CPU of each tenth of the run: a cost that grows as the store fills shows as a trend.
  const tenths: number[] = [];
  let tenth = process.cpuUsage();
  for (let i = 0; i < EVENTS; i += BATCH) {
    await send(i, BATCH);
    if (process.env.WRITE_TENTHS === '1' && (i + BATCH) % Math.max(BATCH, Math.floor(EVENTS / 10)) === 0) {
      const c = process.cpuUsage(tenth);
      tenths.push((c.user + c.system) / Math.floor(EVENTS / 10));
      tenth = process.cpuUsage();
    }
  }
  if (tenths.length > 0) console.log(`CPU µs/event by tenth of the run: ${tenths.map((x) => x.toFixed(0)).join(', ')}`);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const io = ioCounts();
  const stats = services.writes.stats;
  console.log(
    `${config.databaseUrl.startsWith('sqlite') ? 'embedded' : 'scale'}: ${EVENTS} events in batches of ${BATCH}: ` +
      `${xp ? '+1 currency (xp) ' : ''}${achievements ? `+${achievements} achievements ` : ''}` +
      `${process.env.WRITE_CAMPAIGNS ? `+5 campaigns (${process.env.WRITE_CAMPAIGNS === 'few' ? '1' : '4'} paying) ` : ''}` +
      `${((cpu.user + cpu.system) / EVENTS).toFixed(1)} µs CPU/event (system ${(cpu.system / EVENTS).toFixed(1)}), ` +
      `${((wall * 1000) / EVENTS).toFixed(1)} µs wall/event ` +
      `(${Math.round(EVENTS / (wall / 1000))} events/s; ${stats.batches} batches, ${stats.splits} split, ${stats.retries} retried)`,
  );
  if (process.env.WRITE_PAGES === '1') await pagesPerCommit(app.platform.db.sqlite, config.databaseUrl, io0, io, send);
  if (trace) {
    console.log('| runs/event | rows/event | µs/event | statement |\n|---|---|---|---|');
    for (const [text, t] of [...trace.entries()].sort((a, b) => b[1].us - a[1].us || b[1].runs - a[1].runs)) {
      const row = `${(t.runs / EVENTS).toFixed(2)} | ${(t.rows / EVENTS).toFixed(2)} | ${(t.us / EVENTS).toFixed(1)}`;
      console.log(`| ${row} | \`${text.replace(/\s+/g, ' ').slice(0, 160)}\` |`);
    }
  }
} finally {
  await app.close();
  await store.cleanup();
}

/**
 * WRITE_TOGGLE=1 (with WRITE_ACHIEVEMENTS=N): five rounds in the same process, each measuring 30,000
 * events with the achievements ACTIVE and then INACTIVE (their backfills done before each), so that the
 * difference is not that of two processes on a machine whose speed drifts. Prints each round and the
 * median of the rounds' differences.
 */
async function toggleRounds(
  services: Awaited<ReturnType<typeof buildApp>>['services'],
  projectId: string,
  n: number,
  send: (from: number, count: number) => Promise<void>,
): Promise<void> {
  const diffs: number[] = [];
  for (let round = 0; round < 5; round++) {
    const cost: Record<string, number> = {};
    for (const status of ['ACTIVE', 'INACTIVE'] as const) {
      for (const [i, achievementId] of achievementIds(n).entries()) {
        await services.achievements.update(projectId, achievementId, achievementBody(i, status) as never);
      }
      await services.jobs.runUntilIdle();
      const c0 = process.cpuUsage();
      for (let i = 0; i < 30_000; i += BATCH) await send(i, BATCH);
      const c = process.cpuUsage(c0);
      cost[status] = (c.user + c.system) / 30_000;
    }
    const diff = cost.ACTIVE! - cost.INACTIVE!;
    diffs.push(diff);
    console.log(
      `round ${round + 1}: active ${cost.ACTIVE!.toFixed(1)}, inactive ${cost.INACTIVE!.toFixed(1)} µs/event: ` +
        `+${diff.toFixed(1)} µs (${((100 * diff) / cost.INACTIVE!).toFixed(1)} %)`,
    );
  }
  const sorted = [...diffs].sort((a, b) => a - b);
  console.log(`median difference of the five rounds: +${sorted[2]!.toFixed(1)} µs per event`);
}

/**
 * WRITE_PAGES=1: the pages a commit writes (WAL frames per batch, each batch after a checkpoint that empties
 * the WAL), the pages of the largest tables, and the measured run's system calls per event.
 */
async function pagesPerCommit(
  raw: SqliteDatabase | null,
  databaseUrl: string,
  io0: Record<string, number>,
  io: Record<string, number>,
  send: (from: number, count: number) => Promise<void>,
): Promise<void> {
  if (!raw) throw new Error('WRITE_PAGES=1 counts the pages of the embedded store (DATABASE_URL sqlite:…)');
  const per = (k: string) => ((io[k]! - io0[k]!) / EVENTS).toFixed(2);
  console.log(`the run, per event: ${per('syscw')} write and ${per('syscr')} read system calls, ${per('wchar')} bytes written`);
  const wal = `${databaseUrl.slice('sqlite:'.length)}-wal`;
  const frameSize = 24 + (raw.pragma('page_size', { simple: true }) as number);
  const frames: number[] = [];
  for (let k = 0; k < 40; k++) {
    raw.pragma('wal_checkpoint(TRUNCATE)');
    await send(k * BATCH, BATCH);
    frames.push(Math.max(0, statSync(wal).size - 32) / frameSize); // 32: the WAL's header
  }
  const sorted = [...frames].sort((a, b) => a - b);
  const mean = (frames.reduce((a, b) => a + b, 0) / frames.length).toFixed(1);
  console.log(`pages written per commit (batch of ${BATCH}): median ${sorted[20]}, mean ${mean}`);
  const tables = raw
    .prepare(`select name, count(*) as pages, sum(unused) as unused from dbstat group by name order by pages desc limit 8`)
    .all() as Array<{ name: string; pages: number; unused: number }>;
  console.log(`largest tables and indexes, pages (bytes unused): ${tables.map((t) => `${t.name} ${t.pages} (${t.unused})`).join(', ')}`);
}

/** This process's I/O counters (/proc/self/io): bytes and system calls of reads and writes. */
function ioCounts(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of readFileSync('/proc/self/io', 'utf8').trim().split('\n')) {
    const [k, v] = line.split(': ');
    out[k!] = Number(v);
  }
  return out;
}

/** Counts the statements the embedded store's write path runs (by SQL text), wrapping its session's methods. */
function traceStatements(): Map<string, { runs: number; rows: number; us: number }> {
  const seen = new Map<string, { runs: number; rows: number; us: number }>();
  const methods = [
    [SqliteSession.prototype, ['allSync', 'getSync', 'run', 'execute']],
    [PostgresSession.prototype, ['all', 'run', 'execute']],
  ] as const;
  for (const [prototype, names] of methods)
    for (const method of names) wrap(prototype as unknown as Record<string, (...a: unknown[]) => unknown>, method);
  function wrap(proto: Record<string, (...a: unknown[]) => unknown>, method: string): void {
    const original = proto[method]!;
    proto[method] = function (this: unknown, ...args: unknown[]) {
      const statement = args[0] as { compile?(db: unknown): { sql: string } };
      const kysely = (this as { kysely: unknown }).kysely;
      const text = statement.compile ? statement.compile(kysely).sql : String(statement);
      const start = performance.now();
      const out = original.apply(this, args);
      const t = seen.get(text) ?? { runs: 0, rows: 0, us: 0 };
      t.runs += 1;
      if (!(out instanceof Promise)) t.us += (performance.now() - start) * 1000;
      seen.set(text, t);
      if (Array.isArray(out)) t.rows += out.length;
      else if (out instanceof Promise)
        void out.then(
          (r: unknown) => (t.rows += Array.isArray(r) ? r.length : 0),
          () => undefined,
        );
      return out;
    };
  }
  return seen;
}
