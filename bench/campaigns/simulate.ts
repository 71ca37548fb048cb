/**
 * Issue 28's target "simulating 30 days of 1 million stored events: under 30 s, embedded"
 * (npm run bench:simulate): stores BENCH_EVENTS (1,000,000) events of `purchase` spread evenly over
 * the 30 days before the clock, for BENCH_USERS (10,000) users, straight into the events table of a
 * temporary SQLite store (in batches of one transaction; this is the setup, not what is measured), then
 * asks POST /admin/campaign/simulate for "double points, at most 100,000 in all" over those 30 days and
 * prints its wall time, this process's CPU time and the answer's figures. A second run adds
 * conditions on the metadata (half the events match); a third has no budget, so no event is left out
 * once a budget is spent (the simulation stops reading then). With DATABASE_URL=postgres://… the same on
 * PostgreSQL.
 *
 * Env: BENCH_EVENTS (1000000), BENCH_USERS (10000).
 */
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createBenchStore } from '../lib/bench-store.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const DAY = 86_400_000;
const ADMIN = 'a'.repeat(30);

const store = await createBenchStore('simulate', { JWT_SECRET: 'x'.repeat(40), ADMIN_TOKEN: ADMIN });
const config = loadConfig({ ...process.env, ...store.env, LOG_LEVEL: 'silent' });
const app = await buildApp({ config, logger: false });
try {
  const headers = { authorization: `Bearer ${ADMIN}` };
  const define = await app.inject({
    method: 'POST',
    url: '/admin/event',
    headers,
    payload: { eventId: 'purchase', title: 'Purchase', reward: { default: 10 } },
  });
  if (define.statusCode !== 201) throw new Error(`define: ${define.statusCode} ${define.body}`);
  const to = Math.floor(Date.now() / DAY) * DAY;
  const from = to - 30 * DAY;
  const started = performance.now();
  const db = app.platform.db.kysely;
  const chunk = 50_000;
  for (let done = 0; done < EVENTS; done += chunk) {
    await db.transaction().execute(async (trx) => {
      for (let i = done; i < Math.min(EVENTS, done + chunk); i += 500) {
        const rows = Array.from({ length: Math.min(500, EVENTS - i) }, (_, k) => {
          const n = i + k;
          const at = from + Math.floor((n * (30 * DAY)) / EVENTS);
          return {
            project_id: 'default',
            event_id: 'purchase',
            user_id: `user${n % USERS}`,
            occurred_at: at,
            received_at: at,
            points: 10,
            condition_reached: 1,
            limit_reached: 0,
            metadata: JSON.stringify({ amount: (n % 90) + 10, channel: n % 2 === 0 ? 'app' : 'web' }),
            user_groups: '[]',
          };
        });
        await trx.insertInto('events').values(rows).execute();
      }
    });
  }
  console.log(`stored ${EVENTS} events of ${USERS} users over 30 days in ${((performance.now() - started) / 1000).toFixed(1)} s (setup)`);

  const draft = {
    title: 'Double points, at most 100,000 in all',
    startAt: to,
    endAt: to + 30 * DAY,
    eventIds: ['purchase'],
    effect: { multiplier: 2 },
    budget: { total: 100_000 },
  };
  const app2 = { conditions: { type: 'AND', conditions: [{ field: 'channel', operator: 'equals', value: 'app' }] } };
  for (const [label, campaign] of [
    ['double points, budget 100,000', draft],
    ['the same, on the app channel only (conditions)', { ...draft, ...app2 }],
    ['double points, no budget (every event read and paid)', { ...draft, budget: null }],
  ] as const) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const res = await app.inject({ method: 'POST', url: '/admin/campaign/simulate', headers, payload: { campaign, from, to } });
    const wall = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    if (res.statusCode !== 200) throw new Error(`simulate: ${res.statusCode} ${res.body}`);
    const r = res.json() as { total: number; events: number; users: number; budgetSpentOn: string | null; perDay: unknown[] };
    console.log(
      `simulate (${label}): ${wall.toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU for ${EVENTS} stored ` +
        `events; total ${r.total}, ${r.events} events paid, ${r.users} users, ${r.perDay.length} days, budget spent on ${r.budgetSpentOn}`,
    );
  }
} finally {
  await app.close();
  await store.cleanup();
}
