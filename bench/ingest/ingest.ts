/**
 * Ingest benchmark (npm run bench:ingest). In one run: a bare Fastify route that validates the same
 * body (the reference), then POST /event of the real server with one active challenge and one daily
 * streak on the event (user JWTs of BENCH_USERS users), then POST /events with BENCH_BULK events per
 * request (a service token). Reports events/s, latency, the server's CPU per event (from /proc)
 * and the mean write-batch size and, in scale mode, its round trips to PostgreSQL (from /metrics), in
 * scale mode PostgreSQL's CPU per event (every postgres process of the machine: run it alone), and the
 * ratios to the bare route.
 *
 * Embedded mode by default (SQLite file, durable commits); scale mode when DATABASE_URL is
 * postgres://… (REDIS_URL too, default redis://127.0.0.1:6379; the bench creates and drops its own
 * database), with BENCH_INSTANCES (1 or 2) servers on the one database.
 *
 * With BENCH_WEBHOOK=1 the single-event run is measured three times on the same server: without a
 * webhook, with one endpoint taking every message type (`*`, a receiver in its own process that
 * answers 200: webhook-receiver.ts) while its dispatcher sends, and without again (the endpoint
 * deleted); the loss is against the mean of the two runs without. The receiver's count is read around the
 * measured part of the run with the endpoint: the messages delivered in it, and the run's extra server CPU
 * (the sending thread included) divided by them, the sending cost per delivered message.
 *
 * With BENCH_LIVE_STREAMS=N (issue 31) the single-event run is measured three times the same way:
 * without live streams, with N user streams open (users user0…, spread over the instances, service
 * token; read by a client process of its own, bench/live/stream-client.ts) receiving what the events
 * push, and with them closed again. Only the users of the streams are listened to: the other 90 % of
 * the events (10,000 users) must cost what they cost without streams.
 *
 * With BENCH_CURRENCY=1 (issue 27) the single-event run is measured three times the same way: the
 * event paying points only (no other currency in the project), then with a currency `xp` (levels at
 * 100 / 1,000 / 10,000) that the event also pays (`currencyRewards`), then points only again (`xp`
 * still defined, the event no longer paying it); the extra CPU is against the mean of the two runs
 * without.
 *
 * With BENCH_ACHIEVEMENTS=N (issue 29) the single-event run is measured three times the same way: without
 * achievements, with N active ones touching the event (achievements.ts), and with them INACTIVE again.
 * BENCH_ACHIEVEMENT_UNLOCKS=1 lets users reach levels during the run (achievements.ts says how often).
 * BENCH_AB_ROUNDS=N adds N pairs of runs on the same server, active then inactive, and prints each pair's
 * difference with their median and mean.
 * With BENCH_CAMPAIGNS=1 (issue 28) the same three runs with five campaigns, two for segments (campaigns.ts);
 * BENCH_CAMPAIGNS=few: the same five, of which one pays each event.
 *
 * With BENCH_PG_ACTIVITY=1 (scale mode) each run (warm-up and measurement) is watched by
 * bench/lib/pg-activity.ts: pg_stat_activity of the benchmark's database and each instance's pool
 * queue (/metrics) every 100 ms, summarised after the table (wait events, lock waits and their
 * blockers, the longest waits, the pools' queues).
 *
 * In scale mode the database is ANALYZEd after each warm-up (decision 339), as autovacuum does within a minute
 * on a live database: the benchmark's tables were empty when the server prepared its statements, and
 * PostgreSQL keeps a prepared statement's plan until the table's statistics change. During the measured run,
 * every BENCH_ANALYZE_EVERY seconds (2), the tables that grew past autovacuum's analyze threshold are analyzed
 * again (this machine's PostgreSQL runs with autovacuum off; without it a slow warm-up left plans made for
 * tables of ~1,800 rows scanning tables of 10,000). BENCH_ANALYZE=0 leaves all of that out (the plans of a
 * database's first minute).
 *
 * autocannon walks the request list from its start on every connection, so all connections (and
 * every instance) send user0, user1, … at about the same time: batches of both instances lock the
 * same user rows. BENCH_OFFSET_INSTANCES=1 starts instance i's list at i ÷ BENCH_INSTANCES of it.
 *
 * Env: BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (3), BENCH_CONNECTIONS (50), BENCH_USERS (10000),
 * BENCH_BULK (100), BENCH_RUNS (single,bulk), BENCH_INSTANCES (1), BENCH_WEBHOOK (0), BENCH_LIVE_STREAMS (0),
 * BENCH_CURRENCY (0), BENCH_ACHIEVEMENTS (0), BENCH_ACHIEVEMENT_UNLOCKS (0), BENCH_AB_ROUNDS (0), BENCH_CAMPAIGNS (0),
 * BENCH_PG_ACTIVITY (0), BENCH_OFFSET_INSTANCES (0), BENCH_ANALYZE (1), BENCH_ANALYZE_EVERY (2), BENCH_NODE_ARGS.
 */
import type { ChildProcess } from 'node:child_process';
import type autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { spawnServer, stop } from '../lib/bench-server.js';
import { createBenchStore, eachLimited, mode, scaleUrl } from '../lib/bench-store.js';
import { sampleActivity } from '../lib/pg-activity.js';
import { measure, metric, type Measured } from '../lib/measure.js';
import { defineAchievements, deactivateAchievements, setAchievementsStatus } from './achievements.js';
import { defineCampaigns, deactivateCampaigns } from './campaigns.js';
import { defineGamification } from './gamification.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const BULK = Number(process.env.BENCH_BULK ?? 100);
const RUNS = (process.env.BENCH_RUNS ?? 'single,bulk').split(',');
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const WEBHOOK = process.env.BENCH_WEBHOOK === '1';
const LIVE_STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 0);
const ACHIEVEMENTS = Number(process.env.BENCH_ACHIEVEMENTS ?? 0);
const AB_ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 0);
const CAMPAIGNS = process.env.BENCH_CAMPAIGNS === '1' || process.env.BENCH_CAMPAIGNS === 'few';
const FEW = process.env.BENCH_CAMPAIGNS === 'few';
const OFFSET_INSTANCES = process.env.BENCH_OFFSET_INSTANCES === '1';
const CURRENCY = process.env.BENCH_CURRENCY === '1';
const ANALYZE = process.env.BENCH_ANALYZE !== '0';
const ANALYZE_EVERY_MS = Number(process.env.BENCH_ANALYZE_EVERY ?? 2) * 1000;
const PG_ACTIVITY = process.env.BENCH_PG_ACTIVITY === '1' && scaleUrl !== null;
const JWT_SECRET = 'bench-secret-0123456789abcdefghijklmnopqrstuv';
const ADMIN_TOKEN = 'bench-admin-token-0123456789';

/** A run's write batches: units per batch, and (scale mode) round trips to PostgreSQL per batch (decision 353). */
interface Batches {
  units: number;
  trips: number;
}

const body = (u: number) => ({ eventId: 'purchase', userId: `user${u}`, metadata: { shop: 'berlin', amount: 12 } });

async function main(): Promise<void> {
  const store = await createBenchStore('ingest', { JWT_SECRET, ADMIN_TOKEN });
  const servers: ChildProcess[] = [];
  try {
    const key = new TextEncoder().encode(JWT_SECRET);
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('2h').sign(key);
    const tokens = await Promise.all(Array.from({ length: USERS }, (_, u) => sign({ sub: `user${u}` })));
    const service = await sign({ sub: 'bench', role: 'service' });
    const single: autocannon.Request[] = tokens.map((token, u) => ({
      method: 'POST',
      path: '/event',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body(u)),
    }));
    const bulk: autocannon.Request[] = Array.from({ length: Math.ceil(USERS / BULK) }, (_, r) => ({
      method: 'POST',
      path: '/events',
      headers: { authorization: `Bearer ${service}`, 'content-type': 'application/json' },
      body: JSON.stringify({ events: Array.from({ length: BULK }, (_, i) => body((r * BULK + i) % USERS)) }),
    }));

    const bare = await spawnServer('bench/ingest/bare-server.ts', {});
    servers.push(bare.child);
    const bareTarget = [{ url: bare.base, requests: single, connections: CONNECTIONS }];
    await measure(bareTarget, WARMUP, [bare.child.pid!]);
    const bareResult = await measure(bareTarget, SECONDS, [bare.child.pid!]);
    await stop(bare.child);

    const receiver = WEBHOOK ? await spawnServer('bench/ingest/webhook-receiver.ts', {}) : null;
    if (receiver) servers.push(receiver.child);
    const env = WEBHOOK ? { ...store.env, WEBHOOK_ALLOW_PRIVATE: '1' } : store.env;
    // PGAPPNAME names each instance's PostgreSQL sessions (pg_stat_activity.application_name).
    const laurel = await Promise.all(
      Array.from({ length: INSTANCES }, (_, i) => spawnServer('src/main.ts', { ...env, PGAPPNAME: `laurel-bench-${i + 1}` })),
    );
    servers.push(...laurel.map((l) => l.child));
    const pids = laurel.map((l) => l.child.pid!);
    const base = laurel[0]!.base;
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
    const def = await fetch(`${base}/admin/event`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ eventId: 'purchase', title: 'Purchase', reward: { default: 10 } }),
    });
    if (def.status !== 201) throw new Error(`define event: ${def.status} ${await def.text()}`);
    await defineGamification(base, admin);
    await eachLimited([...tokens.keys()], 50, async (u) => {
      const res = await fetch(`${base}/user`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[u]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ userId: `user${u}` }),
      });
      if (res.status !== 201) throw new Error(`create user: ${res.status}`);
    });

    const batchesOf = async () => {
      let batches = 0;
      let units = 0;
      let trips = 0;
      for (const l of laurel) {
        batches += await metric(l.base, 'laurel_write_batches_total');
        units += await metric(l.base, 'laurel_write_units_total');
        trips += await metric(l.base, 'laurel_write_batch_round_trips_total');
      }
      return { batches, units, trips };
    };
    const activity: string[] = [];
    /** One warm-up and one measured run; `counter` (the webhook receiver's count) is read around the measured part. */
    const run = async (requests: autocannon.Request[], counter?: () => Promise<number>) => {
      const startOf = (i: number) => (OFFSET_INSTANCES ? Math.floor((i * requests.length) / INSTANCES) : 0);
      const targets = laurel.map((l, i) => ({
        url: l.base,
        requests: [...requests.slice(startOf(i)), ...requests.slice(0, startOf(i))],
        connections: Math.round(CONNECTIONS / INSTANCES),
      }));
      const sampler = PG_ACTIVITY
        ? await sampleActivity(
            scaleUrl!,
            new URL(store.env.DATABASE_URL!).pathname.slice(1),
            laurel.map((l) => l.base),
          )
        : null;
      await measure(targets, WARMUP, pids);
      if (ANALYZE) await store.analyze();
      sampler?.mark('the measured run starts');
      const before = await batchesOf();
      const counted = (await counter?.()) ?? 0;
      const analyzing = ANALYZE ? setInterval(() => void store.analyzeGrown().catch(() => undefined), ANALYZE_EVERY_MS) : null;
      const result = await measure(targets, SECONDS, pids, { postgres: scaleUrl !== null }).finally(() =>
        clearInterval(analyzing ?? undefined),
      );
      const counts = (await counter?.()) ?? 0;
      const after = await batchesOf();
      if (sampler)
        activity.push(`\nPostgreSQL activity during run ${activity.length + 1} (warm-up and measurement):\n${await sampler.stop()}`);
      const batches = Math.max(1, after.batches - before.batches);
      const batch: Batches = { units: (after.units - before.units) / batches, trips: (after.trips - before.trips) / batches };
      return { result, batch, counted: counts - counted };
    };

    const rows: Array<{ label: string; m: Measured; perRequest: number; batch?: Batches }> = [
      { label: 'bare Fastify route (same body, no storage)', m: bareResult, perRequest: 1 },
    ];
    const where = `${mode}${INSTANCES > 1 ? `, ${INSTANCES} instances` : ''}`;
    const received = async () => (receiver ? ((await (await fetch(`${receiver.base}/count`)).json()) as { received: number }).received : 0);
    let delivered = '';
    /** Webhook messages the receiver got during the measured run with the endpoint. */
    let hookedMessages = 0;
    /** The three single-event runs of BENCH_LIVE_STREAMS: without, with the streams, closed again. */
    let liveRuns: [Measured, Measured, Measured] | null = null;
    if (RUNS.includes('single')) {
      const { result, batch } = await run(single);
      rows.push({ label: `POST /event, 1 challenge + 1 streak (${where})`, m: result, perRequest: 1, batch });
    }
    if (RUNS.includes('single') && receiver) {
      const hook = await fetch(`${base}/admin/webhook`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ url: `${receiver.base}/hooks`, events: ['*'], status: 'ACTIVE' }),
      });
      if (hook.status !== 201) throw new Error(`register webhook: ${hook.status} ${await hook.text()}`);
      const { webhookId } = (await hook.json()) as { webhookId: string };
      const before = await received();
      const { result, batch, counted } = await run(single, received);
      const during = (await received()) - before;
      rows.push({ label: `POST /event, 1 challenge + 1 streak (${where}, 1 \`*\` webhook)`, m: result, perRequest: 1, batch });
      hookedMessages = counted;
      delivered =
        `\nWebhook messages received during the warm-up and the run with the endpoint: ${during} ` +
        `(${Math.round(during / (WARMUP + SECONDS))}/s); during the measured run: ${counted} ` +
        `(${(counted / Math.max(1, result.requests)).toFixed(2)} per event).`;
      const gone = await fetch(`${base}/admin/webhook/${webhookId}`, { method: 'DELETE', headers: { authorization: admin.authorization } });
      if (gone.status !== 204) throw new Error(`delete webhook: ${gone.status}`);
      const again = await run(single);
      rows.push({
        label: `POST /event, 1 challenge + 1 streak (${where}, endpoint deleted)`,
        m: again.result,
        perRequest: 1,
        batch: again.batch,
      });
    }
    if (RUNS.includes('single') && LIVE_STREAMS > 0) {
      const { startStreamClient } = await import('../live/stream-client.js');
      const without = await run(single);
      rows.push({
        label: `POST /event, 1 challenge + 1 streak (${where}, no live stream)`,
        m: without.result,
        perRequest: 1,
        batch: without.batch,
      });
      // The streams are read by a process of their own: in this one they would slow the load generator, not the server.
      const client = startStreamClient();
      const perInstance = Math.ceil(LIVE_STREAMS / INSTANCES);
      for (const [n, l] of laurel.entries()) {
        const users = Array.from({ length: perInstance }, (_, i) => `user${(n * perInstance + i) % USERS}`);
        await client.openOn(l.base, users, { authorization: `Bearer ${service}` });
      }
      const open = client.open;
      const before = (await client.count()).messages;
      const { result, batch } = await run(single);
      const messages = (await client.count()).messages - before;
      rows.push({ label: `POST /event, 1 challenge + 1 streak (${where}, ${open} live streams)`, m: result, perRequest: 1, batch });
      delivered +=
        `\nLive messages received on ${open} streams (${client.failed} refused) ` +
        `during the warm-up and the run with them: ${messages}.`;
      await client.close();
      const again = await run(single);
      liveRuns = [without.result, result, again.result];
      rows.push({
        label: `POST /event, 1 challenge + 1 streak (${where}, streams closed)`,
        m: again.result,
        perRequest: 1,
        batch: again.batch,
      });
    }
    /** The three single-event runs of BENCH_ACHIEVEMENTS: without, with them active, inactive again. */
    let achievementRuns: [Measured, Measured, Measured] | null = null;
    const achievementPairs: Array<[Measured, Measured]> = [];
    if (RUNS.includes('single') && ACHIEVEMENTS > 0) {
      const label = (what: string) => `POST /event, 1 challenge + 1 streak (${where}, ${what})`;
      const without = await run(single);
      rows.push({ label: label('no achievement'), m: without.result, perRequest: 1, batch: without.batch });
      await defineAchievements(base, admin, ACHIEVEMENTS);
      const { result, batch } = await run(single);
      rows.push({ label: label(`${ACHIEVEMENTS} active achievements`), m: result, perRequest: 1, batch });
      await deactivateAchievements(base, admin, ACHIEVEMENTS);
      const again = await run(single);
      rows.push({ label: label('achievements inactive'), m: again.result, perRequest: 1, batch: again.batch });
      achievementRuns = [without.result, result, again.result];
      // BENCH_AB_ROUNDS more pairs on the same server, active then inactive, so that a slow spell of the
      // machine shows as one odd pair rather than as the figure.
      for (let r = 0; r < AB_ROUNDS; r++) {
        await setAchievementsStatus(base, admin, ACHIEVEMENTS, 'ACTIVE');
        const on = await run(single);
        rows.push({ label: label(`${ACHIEVEMENTS} active, pair ${r + 2}`), m: on.result, perRequest: 1, batch: on.batch });
        await setAchievementsStatus(base, admin, ACHIEVEMENTS, 'INACTIVE');
        const off = await run(single);
        rows.push({ label: label(`inactive, pair ${r + 2}`), m: off.result, perRequest: 1, batch: off.batch });
        achievementPairs.push([on.result, off.result]);
      }
    }
    /** The three single-event runs of BENCH_CAMPAIGNS: without, with five campaigns active (campaigns.ts), inactive again. */
    let campaignRuns: [Measured, Measured, Measured] | null = null;
    if (RUNS.includes('single') && CAMPAIGNS) {
      const label = (what: string) => `POST /event, 1 challenge + 1 streak (${where}, ${what})`;
      const without = await run(single);
      rows.push({ label: label('no campaign'), m: without.result, perRequest: 1, batch: without.batch });
      await defineCampaigns(base, admin, FEW);
      const active = await run(single);
      rows.push({
        label: label(`5 active campaigns, 2 with segments${FEW ? ', 1 paying' : ', 4 paying'}`),
        m: active.result,
        perRequest: 1,
        batch: active.batch,
      });
      await deactivateCampaigns(base, admin, FEW);
      const again = await run(single);
      rows.push({ label: label('campaigns inactive'), m: again.result, perRequest: 1, batch: again.batch });
      campaignRuns = [without.result, active.result, again.result];
    }
    /** The three single-event runs of BENCH_CURRENCY: points only, with an xp reward, points only again. */
    let currencyRuns: [Measured, Measured, Measured] | null = null;
    if (RUNS.includes('single') && CURRENCY) {
      const purchase = (extra: Record<string, unknown>) =>
        fetch(`${base}/admin/event/purchase`, {
          method: 'PUT',
          headers: admin,
          body: JSON.stringify({ title: 'Purchase', reward: { default: 10 }, ...extra }),
        }).then(async (r) => {
          if (r.status !== 200) throw new Error(`update event: ${r.status} ${await r.text()}`);
        });
      const without = await run(single);
      rows.push({
        label: `POST /event, 1 challenge + 1 streak, points only (${where})`,
        m: without.result,
        perRequest: 1,
        batch: without.batch,
      });
      const xp = await fetch(`${base}/admin/currency`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({
          currencyId: 'xp',
          title: { en: 'XP' },
          spendable: false,
          levels: [100, 1_000, 10_000].map((threshold, i) => ({ level: i + 1, threshold })),
        }),
      });
      if (xp.status !== 201) throw new Error(`create currency: ${xp.status} ${await xp.text()}`);
      await purchase({ currencyRewards: { xp: { default: 5 } } });
      const paid = await run(single);
      rows.push({
        label: `POST /event, 1 challenge + 1 streak, points + an xp reward (${where})`,
        m: paid.result,
        perRequest: 1,
        batch: paid.batch,
      });
      await purchase({});
      const again = await run(single);
      rows.push({
        label: `POST /event, 1 challenge + 1 streak, points only, xp defined (${where})`,
        m: again.result,
        perRequest: 1,
        batch: again.batch,
      });
      currencyRuns = [without.result, paid.result, again.result];
    }
    if (RUNS.includes('bulk')) {
      const { result, batch } = await run(bulk);
      rows.push({ label: `POST /events, ${BULK} per request (${where})`, m: result, perRequest: BULK, batch });
    }

    console.log(`\nIngest benchmark, ${mode} mode, ${new Date().toISOString()} (${SECONDS} s, ${CONNECTIONS} connections, ${USERS} users)`);
    console.log(
      '| target | events/s | p50 ms | p99 ms | server CPU µs/event | PostgreSQL CPU µs/event | mean batch | round trips per batch | ' +
        'events/s ÷ bare | CPU ÷ bare | p99 ÷ bare | non-2xx |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      const eps = r.m.rps * r.perRequest;
      const cpu = r.m.cpuUs / r.perRequest;
      console.log(
        `| ${r.label} | ${Math.round(eps)} | ${r.m.p50.toFixed(2)} | ${r.m.p99.toFixed(2)} | ${Math.round(cpu)} | ` +
          `${r.m.postgresCpuUs === null ? '—' : Math.round(r.m.postgresCpuUs / r.perRequest)} | ` +
          `${r.batch === undefined ? '—' : r.batch.units.toFixed(1)} | ` +
          `${r.batch === undefined || scaleUrl === null ? '—' : r.batch.trips.toFixed(2)} | ` +
          `${(eps / bareResult.rps).toFixed(2)} | ${(cpu / bareResult.cpuUs).toFixed(2)} | ` +
          `${(r.m.p99 / Math.max(0.001, bareResult.p99)).toFixed(2)} | ${r.m.non2xx + r.m.errors} |`,
      );
    }
    for (const text of activity) console.log(text);
    if (receiver && rows.length >= 4) {
      const [without, hooked, again] = [rows[1]!.m, rows[2]!.m, rows[3]!.m];
      const mean = (without.rps + again.rps) / 2;
      console.log(
        `${delivered}\nWith the webhook: ${((1 - hooked.rps / mean) * 100).toFixed(1)} % fewer events/s than the mean of the runs ` +
          `without; server CPU per event ${((hooked.cpuUs / ((without.cpuUs + again.cpuUs) / 2) - 1) * 100).toFixed(1)} % higher.`,
      );
      // The sending cost per delivered message: the run's extra CPU over the messages received in it.
      const eventCpu = (without.cpuUs + again.cpuUs) / 2;
      const perMessage = ((hooked.cpuUs - eventCpu) * hooked.requests) / Math.max(1, hookedMessages);
      console.log(
        `Sending: ${Math.round(perMessage)} µs of server CPU per delivered message = ${(perMessage / eventCpu).toFixed(2)} × ` +
          `the event's ${Math.round(eventCpu)} µs (target: at most 0.5 ×).`,
      );
    }
    if (currencyRuns) {
      const [without, paid, again] = currencyRuns;
      const cpu = (paid.cpuUs / ((without.cpuUs + again.cpuUs) / 2) - 1) * 100;
      console.log(
        `\nWith an xp reward: server CPU per event ${cpu.toFixed(1)} % higher than the mean of the points-only runs ` +
          `(target: at most 10 %); events/s ${((1 - paid.rps / ((without.rps + again.rps) / 2)) * 100).toFixed(1)} % lower.`,
      );
    }
    if (liveRuns) {
      const [without, streamed, again] = liveRuns;
      const loss = (1 - streamed.rps / ((without.rps + again.rps) / 2)) * 100;
      const cpu = (streamed.cpuUs / ((without.cpuUs + again.cpuUs) / 2) - 1) * 100;
      console.log(
        `${receiver ? '' : delivered}\nWith the live streams: ${loss.toFixed(1)} % fewer events/s than the mean of the runs without ` +
          `(target: at most 10 %); server CPU per event ${cpu.toFixed(1)} % higher.`,
      );
    }
    if (campaignRuns) {
      const [without, active, again] = campaignRuns;
      const cpu = (active.cpuUs / ((without.cpuUs + again.cpuUs) / 2) - 1) * 100;
      const loss = (1 - active.rps / ((without.rps + again.rps) / 2)) * 100;
      console.log(
        `\nWith 5 active campaigns (2 with segments): server CPU per event ${cpu.toFixed(1)} % higher than the mean of the runs ` +
          `without (target: at most 20 %); ${loss.toFixed(1)} % fewer events/s.`,
      );
    }
    if (achievementRuns) {
      const [without, active, again] = achievementRuns;
      const cpu = (active.cpuUs / ((without.cpuUs + again.cpuUs) / 2) - 1) * 100;
      const loss = (1 - active.rps / ((without.rps + again.rps) / 2)) * 100;
      console.log(
        `\nWith ${ACHIEVEMENTS} active achievements: server CPU per event ${cpu.toFixed(1)} % higher than the mean of the runs ` +
          `without (target for 20: at most 15 %); ${loss.toFixed(1)} % fewer events/s.`,
      );
      if (achievementPairs.length > 0) {
        const pairs = [cpu, ...achievementPairs.map(([on, off]) => (on.cpuUs / off.cpuUs - 1) * 100)];
        const sorted = [...pairs].sort((a, b) => a - b);
        const median = sorted.length % 2 ? sorted[sorted.length >> 1]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
        const mean = pairs.reduce((a, b) => a + b, 0) / pairs.length;
        console.log(
          `Pairs (active against inactive, the first against the mean of the two runs without): ` +
            `${pairs.map((x) => `${x.toFixed(1)} %`).join(', ')}; median ${median.toFixed(1)} %, mean ${mean.toFixed(1)} %.`,
        );
      }
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
