/**
 * Read benchmark matrix (npm run bench:reads): every public GET route of the server's own OpenAPI
 * document (not /admin, not /health), in embedded mode and — when DATABASE_URL is postgres://… — in
 * scale mode, each against the bare route measured in the same run (bench/ingest/bare-server.ts:
 * `GET /bare/user/{userId}`, a validated parameter and a small JSON answer; measured before and
 * after each mode's routes, the mean is the reference). Per route: req/s, p99, the server's CPU per
 * request (from /proc, every thread), and in scale mode PostgreSQL's CPU per request (every postgres
 * process of the machine, from /proc, during the route's run). A route whose answer is BENCH_SIZED_FROM bytes
 * or more (1,024) is also compared with the bare route answering as many bytes, measured right after it
 * (`GET /bare/sized/{userId}?bytes=N`): what is left of the ratio once the bytes themselves are paid for.
 *
 * A route of the document that this file does not know fails the run: add its parameters to ROUTES.
 * The project is seeded through the API first (bench/reads/seed.ts).
 *
 * Env: BENCH_SECONDS (3 per route), BENCH_WARMUP_SECONDS (1), BENCH_CONNECTIONS (50), BENCH_USERS
 * (1000), BENCH_HISTORY (20 events per user), BENCH_MODES (embedded,scale; scale needs DATABASE_URL
 * =postgres://… and REDIS_URL, default redis://127.0.0.1:6379), BENCH_ROUTES (a text every
 * measured path must contain, e.g. `notifications`; `=/user/{userId}` measures that path alone),
 * BENCH_NODE_ARGS, BENCH_ANALYZE (1: in scale mode the database is ANALYZEd after seeding, as autovacuum would have
 * done on a live one; 0: not, decision 339),
 * BENCH_SAME_MS (1: each user's events of a month seeded in one millisecond, not a second apart), BENCH_SIZED_FROM
 * (1024: the answer size from which a route is also measured against the bare route of its size).
 */
import type { ChildProcess } from 'node:child_process';
import type autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { spawnServer, stop } from '../lib/bench-server.js';
import { createBenchStore, scaleUrl } from '../lib/bench-store.js';
import { measure, type Measured } from '../lib/measure.js';
import { IDS, seedReads } from './seed.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const USERS = Number(process.env.BENCH_USERS ?? 1000);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 20);
const MODES = (process.env.BENCH_MODES ?? 'embedded,scale').split(',');
const ONLY = process.env.BENCH_ROUTES ?? '';
const JWT_SECRET = 'bench-secret-0123456789abcdefghijklmnopqrstuv';
const ADMIN_TOKEN = 'bench-admin-token-0123456789';
/** Distinct users the requests of a user route go round (each with its own token). */
const ROTATION = 200;

function lastMonth(): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

/** Query strings of the routes that need them (a route not listed here and not in the document fails the run). */
const ROUTES: Record<string, string> = {
  '/user/{userId}': '',
  '/user/{userId}/points': '',
  '/user/{userId}/history': '',
  '/user/{userId}/challenge': '',
  '/user/{userId}/challenge/{challengeId}': '',
  '/user/{userId}/streak': '',
  '/user/{userId}/streak/{streakId}': '',
  '/analytics/streak': `streakId=${IDS.streak}`,
  '/event': '',
  '/event/{eventId}': '',
  '/offer/shop/{shopId}': '',
  '/offer/{offerId}': '',
  '/user/{userId}/offer/feed': '',
  '/user/{userId}/offer/{offerId}/redeemable': '',
  '/user/{userId}/coupon': '',
  '/user/{userId}/survey': '',
  '/user/{userId}/notifications/overview': '',
  '/project/{projectId}/leaderboard': `groupId=${IDS.group}&timeframe=7d`,
  '/user/{userId}/leaderboard': `groupId=${IDS.group}&timeframe=7d`,
  '/user/{userId}/rank': `groupId=${IDS.group}`,
  '/project/{projectId}/leaderboard/archive': `groupId=${IDS.group}&month=${lastMonth()}`,
  '/stats/event': '',
  '/user/{userId}/tier': '',
  '/user/{userId}/achievement': '',
  '/user/{userId}/achievement/{achievementId}': '',
  '/achievement/{achievementId}': '',
  '/user/{userId}/wallet': '',
  // The first read of each user makes its code (a write); the measured reads find it.
  '/user/{userId}/referral': '',
};
/** Routes of the document that are not request/response reads: the live streams (bench:live measures them). */
const NOT_MEASURED = new Set(['/user/{userId}/stream', '/project/{projectId}/leaderboard/stream']);

const PARAMS: Record<string, string> = {
  challengeId: IDS.challenge,
  streakId: IDS.streak,
  eventId: IDS.event,
  shopId: IDS.shop,
  offerId: IDS.offer,
  projectId: 'default',
  achievementId: IDS.achievement,
};

interface Row {
  mode: string;
  route: string;
  m: Measured | null;
  note?: string;
  /** The size of the route's answer (its body, in bytes). */
  bytes?: number;
  /** The bare route answering as many bytes, measured right after the route (answers of SIZED_FROM bytes or more). */
  sized?: Measured;
}

/** Answers at least this large are also compared with a bare route answering as many bytes. */
const SIZED_FROM = Number(process.env.BENCH_SIZED_FROM ?? 1024);

async function publicGets(base: string): Promise<string[]> {
  const doc = (await (await fetch(`${base}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path, ops]) => ops.get && !path.startsWith('/admin') && !path.startsWith('/health'))
    .map(([path]) => path);
}

async function runMode(mode: string, rows: Row[]): Promise<void> {
  const store = await createBenchStore(
    `reads-${mode}`,
    { JWT_SECRET, ADMIN_TOKEN, LAUREL_TEST_CLOCK: '1' },
    mode === 'scale' ? scaleUrl : null,
  );
  const servers: ChildProcess[] = [];
  try {
    const key = new TextEncoder().encode(JWT_SECRET);
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('2h').sign(key);
    const userIds = Array.from({ length: USERS }, (_, u) => `user${u}`);
    const rotation = userIds.slice(0, Math.min(ROTATION, USERS));
    const tokens = await Promise.all(rotation.map((sub) => sign({ sub })));
    const service = { authorization: `Bearer ${await sign({ sub: 'bench', role: 'service' })}`, 'content-type': 'application/json' };
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };

    const bare = await spawnServer('bench/ingest/bare-server.ts', {});
    servers.push(bare.child);
    const laurel = await spawnServer('src/main.ts', store.env);
    servers.push(laurel.child);
    const started = Date.now();
    await seedReads({
      base: laurel.base,
      admin,
      service,
      userIds,
      history: HISTORY,
      lastMonth: lastMonth(),
      sameMs: process.env.BENCH_SAME_MS === '1',
    });
    console.error(`${mode}: seeded ${USERS} users × ${HISTORY} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The statistics of a live database (decision 339): seeding filled empty tables faster than autovacuum looks.
    if (process.env.BENCH_ANALYZE !== '0') await store.analyze();

    const bareRequests: autocannon.Request[] = rotation.map((u, i) => ({
      method: 'GET',
      path: `/bare/user/${u}`,
      headers: { authorization: `Bearer ${tokens[i]}` },
    }));
    const sizedRequests = (bytes: number): autocannon.Request[] =>
      bareRequests.map((r) => ({ ...r, path: `${r.path!.replace('/bare/user/', '/bare/sized/')}?bytes=${bytes}` }));
    const bareRun = async () => {
      const target = [{ url: bare.base, requests: bareRequests, connections: CONNECTIONS }];
      await measure(target, WARMUP, [bare.child.pid!]);
      return measure(target, SECONDS, [bare.child.pid!]);
    };
    const bareFirst = await bareRun();
    rows.push({ mode, route: 'bare GET (first)', m: bareFirst });

    const paths = (await publicGets(laurel.base)).filter((p) => !NOT_MEASURED.has(p));
    const unknown = paths.filter((p) => !(p in ROUTES));
    if (unknown.length > 0) throw new Error(`routes this benchmark does not know (add them to ROUTES): ${unknown.join(', ')}`);
    const scale = mode === 'scale';
    for (const path of paths.filter((p) => (ONLY.startsWith('=') ? p === ONLY.slice(1) : p.includes(ONLY)))) {
      const query = ROUTES[path] ? `?${ROUTES[path]}` : '';
      const perUser = path.includes('{userId}');
      const requests: autocannon.Request[] = (perUser ? rotation : ['-']).map((userId, i) => ({
        method: 'GET',
        path: path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'userId' ? userId : PARAMS[name]!)) + query,
        headers: perUser ? { authorization: `Bearer ${tokens[i]}` } : { authorization: service.authorization },
      }));
      const probe = await fetch(`${laurel.base}${requests[0]!.path}`, { headers: requests[0]!.headers as Record<string, string> });
      if (probe.status !== 200) {
        rows.push({ mode, route: `${path}${query}`, m: null, note: `answers ${probe.status}: ${(await probe.text()).slice(0, 120)}` });
        continue;
      }
      const bytes = Buffer.byteLength(await probe.text());
      const target = [{ url: laurel.base, requests, connections: CONNECTIONS }];
      await measure(target, WARMUP, [laurel.child.pid!]);
      const m = await measure(target, SECONDS, [laurel.child.pid!], { postgres: scale });
      let sized: Measured | undefined;
      if (bytes >= SIZED_FROM) {
        const sizedTarget = [{ url: bare.base, requests: sizedRequests(bytes), connections: CONNECTIONS }];
        await measure(sizedTarget, WARMUP, [bare.child.pid!]);
        sized = await measure(sizedTarget, SECONDS, [bare.child.pid!]);
      }
      rows.push({ mode, route: `${path}${query}`, m, bytes, sized });
    }
    rows.push({ mode, route: 'bare GET (last)', m: await bareRun() });
  } finally {
    for (const s of servers) await stop(s);
    await store.cleanup();
  }
}

function print(rows: Row[]): void {
  console.log(
    `\nRead benchmark, ${new Date().toISOString()} (${SECONDS} s per route after ${WARMUP} s warm-up, ${CONNECTIONS} connections, ` +
      `${USERS} users × ${HISTORY} events; requests go round ${Math.min(ROTATION, USERS)} users)`,
  );
  console.log(
    '| mode | route | req/s | p99 ms | server CPU µs/req | PostgreSQL CPU µs/req | req/s ÷ bare | CPU ÷ bare | p99 ÷ bare | non-2xx |' +
      ' answer bytes | CPU ÷ bare of that size |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const mode of new Set(rows.map((r) => r.mode))) {
    const ofMode = rows.filter((r) => r.mode === mode);
    const bares = ofMode.filter((r) => r.route.startsWith('bare') && r.m).map((r) => r.m!);
    const ref = {
      rps: bares.reduce((s, m) => s + m.rps, 0) / bares.length,
      cpuUs: bares.reduce((s, m) => s + m.cpuUs, 0) / bares.length,
      p99: bares.reduce((s, m) => s + m.p99, 0) / bares.length,
    };
    for (const r of ofMode) {
      if (!r.m) {
        console.log(`| ${mode} | ${r.route} | — | — | — | — | — | — | — | ${r.note} | — | — |`);
        continue;
      }
      const m = r.m;
      console.log(
        `| ${mode} | ${r.route} | ${Math.round(m.rps)} | ${m.p99.toFixed(2)} | ${Math.round(m.cpuUs)} | ` +
          `${m.postgresCpuUs === null ? '—' : Math.round(m.postgresCpuUs)} | ${(m.rps / ref.rps).toFixed(2)} | ` +
          `${(m.cpuUs / ref.cpuUs).toFixed(2)} | ${(m.p99 / Math.max(0.001, ref.p99)).toFixed(2)} | ${m.non2xx + m.errors} | ` +
          `${r.bytes ?? '—'} | ${r.sized ? `${(m.cpuUs / r.sized.cpuUs).toFixed(2)} (${Math.round(r.sized.cpuUs)} µs)` : '—'} |`,
      );
    }
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  for (const mode of MODES) {
    if (mode === 'scale' && !scaleUrl) {
      console.error('scale mode skipped: set DATABASE_URL=postgres://… (and REDIS_URL) to measure it');
      continue;
    }
    if (mode !== 'embedded' && mode !== 'scale') throw new Error(`BENCH_MODES: unknown mode "${mode}" (embedded, scale)`);
    await runMode(mode, rows);
  }
  print(rows);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
