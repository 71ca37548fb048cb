/**
 * The server side of the leaderboard benchmark, run as a child process so that autocannon (in the
 * parent) does not share its event loop. Builds the app on the seeded store, loads the four boards
 * of the default group (the rebuild that is timed), adds the bare routes (an 11-byte answer, and
 * the same 100-entry page the full board answers, as a fixed object), listens on 127.0.0.1 and
 * keeps events arriving (EVENTS_PER_SECOND through the leaderboard stage) until told to stop.
 */
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

const USERS = Number(process.env.BENCH_USERS);
const EVENTS_PER_SECOND = Number(process.env.BENCH_EVENTS_PER_SECOND ?? 50);

async function main(): Promise<void> {
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent' }),
    databaseUrl: process.env.BENCH_DATABASE_URL!,
    redisUrl: process.env.BENCH_REDIS_URL || null,
    redisPrefix: process.env.BENCH_REDIS_PREFIX ?? 'laurel-bench:',
    jwtSecret: process.env.BENCH_JWT_SECRET!,
    adminToken: 'bench-admin-token-0123456789abcdef',
    rateLimitMax: 1_000_000_000,
  };
  const app = await buildApp({ config, logger: false });
  app.get('/bench/bare', { config: { auth: 'public' } }, () => ({ ok: true }));
  // The reference for the full board: a bare route answering a page of the same 100 entries,
  // serialized on every request like any Fastify answer, without auth, index or cache. Registered
  // before the first inject (which makes the app ready); its page is filled in below.
  let pageBody: object = {};
  app.get('/bench/bare-page', { config: { auth: 'public' } }, () => pageBody);
  const lb = app.services.leaderboards;

  const rebuild: Record<string, number> = {};
  const month = new Date(app.platform.clock.now()).toISOString().slice(0, 7);
  const started = performance.now();
  for (const period of [{ month }, { timeframe: '7d' }, { timeframe: '30d' }, { timeframe: '365d' }]) {
    const t0 = performance.now();
    await lb.board('default', 'default', { groupId: 'default', ...period, limit: 1, offset: 0 });
    rebuild['month' in period ? 'month' : period.timeframe] = Math.round(performance.now() - t0);
  }
  rebuild.total = Math.round(performance.now() - started);
  global.gc?.();
  const rssAfterLoad = process.memoryUsage().rss;

  const page = await app.inject({
    method: 'GET',
    url: '/project/default/leaderboard?groupId=default&timeframe=7d&limit=100&offset=0',
    headers: { authorization: `Bearer ${config.adminToken}` },
  });
  if (page.statusCode !== 200) throw new Error(`page: ${page.statusCode} ${page.body}`);
  pageBody = page.json() as object;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;

  // Events arrive through the real POST /event service path (group commit on SQLite), not awaited
  // one by one: at most 200 in flight.
  const defined = await app.inject({
    method: 'POST',
    url: '/admin/event',
    headers: { authorization: `Bearer ${config.adminToken}` },
    payload: { eventId: 'bench-purchase', title: 'Purchase', type: 'FIXED', reward: { default: 10 } },
  });
  if (defined.statusCode !== 201) throw new Error(`event definition: ${defined.statusCode} ${defined.body}`);
  let events = 0;
  let eventErrors = 0;
  let inFlight = 0;
  const principal = { kind: 'service' as const, projectId: 'default', subject: 'bench' };
  const tick = setInterval(() => {
    for (let i = 0; i < EVENTS_PER_SECOND / 50 && inFlight < 200; i++) {
      inFlight++;
      const userId = `u${1 + Math.floor(Math.random() * USERS)}`;
      app.services.events
        .ingest(principal, { eventId: 'bench-purchase', userId })
        .then(
          () => events++,
          () => eventErrors++,
        )
        .finally(() => inFlight--);
    }
  }, 20);

  process.send!({ type: 'ready', port, rebuild, rssAfterLoad });
  process.on('message', (msg: { type: string }) => {
    if (msg.type === 'stats') process.send!({ type: 'stats', rss: process.memoryUsage().rss, events, eventErrors });
    if (msg.type === 'stop') {
      clearInterval(tick);
      void app.close().then(() => process.exit(0));
    }
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
