import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { describeBackends, type TestContext } from '../helpers/test-app.js';
import { defineEvent } from '../../src/modules/events/events.test-factory.js';

/*
 * Bulk requests do not stall the event loop (decision 217): a 1,000-item POST /events of 3.6 MB and
 * a 1,000-row bulk adjustment are applied in slices that give the loop a turn. Measured here as the
 * longest time between two ticks of a 2 ms timer while the request runs in-process, and the time a
 * /health sent meanwhile waits. Before, the events held the loop for 80–130 ms of CPU (275–554 ms
 * of wall time) at a stretch (figures in bench/README.md).
 */

/**
 * The longest the loop may be held, in CPU time of this thread: what the request's own work takes,
 * whatever else the machine runs (target ~50 ms; 80–130 ms before the slices). The assertion that
 * tells the fix apart.
 */
const CPU_BOUND_MS = 75;
/**
 * The same in wall time: a coarse net only, since on a 2-core machine shared by other test runs
 * (load averages of 9–12) a process is often not running at all for 100 ms and more. Embedded only:
 * in scale mode PostgreSQL runs on the same cores, and wall time then measures the machine.
 */
const WALL_BOUND_MS = 300;
const USERS = 50;

/** CPU time of this thread in ms (Node 22.19+ and 24), or null where Node cannot tell. */
const threadCpuMs = (): number | null => {
  const usage = (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage?.();
  return usage ? (usage.user + usage.system) / 1000 : null;
};

/**
 * Runs `request`, sending GET /health 20 ms in. A 2 ms timer measures the longest stall of the loop:
 * in CPU time of this thread (the work that held it; a loaded machine that takes the CPU away does
 * not count), and in wall time.
 */
async function underWatch(t: TestContext, request: () => Promise<LightMyRequestResponse>) {
  const stall = { cpu: 0, wall: 0 };
  let last = { wall: performance.now(), cpu: threadCpuMs() };
  const timer = setInterval(() => {
    const now = { wall: performance.now(), cpu: threadCpuMs() };
    stall.wall = Math.max(stall.wall, now.wall - last.wall);
    stall.cpu = Math.max(stall.cpu, now.cpu === null || last.cpu === null ? now.wall - last.wall : now.cpu - last.cpu);
    last = now;
  }, 2);
  const health = (async () => {
    await new Promise((r) => setTimeout(r, 20));
    const start = performance.now();
    const res = await t.inject({ method: 'GET', url: '/health' });
    return { status: res.statusCode, ms: performance.now() - start };
  })();
  try {
    const res = await request();
    if (process.env.DEBUG_LOOP) console.log(t.backend, { cpu: Math.round(stall.cpu), wall: Math.round(stall.wall) });
    return { res, stall, health: await health };
  } finally {
    clearInterval(timer);
  }
}

const metadata = (i: number) => Object.fromEntries(Array.from({ length: 10 }, (_, k) => [`field${k}`, `${i}-${k}-${'x'.repeat(340)}`]));

describeBackends('bulk requests and the event loop', (t) => {
  const expectTurning = (stall: { cpu: number; wall: number }, round: number) => {
    expect(stall.cpu, `round ${round}: the loop was held ${Math.round(stall.cpu)} ms`).toBeLessThan(CPU_BOUND_MS);
    if (t.backend === 'sqlite')
      expect(stall.wall, `round ${round}: the loop stalled ${Math.round(stall.wall)} ms`).toBeLessThan(WALL_BOUND_MS);
  };

  beforeEach(async () => {
    // Embedded as in production: a file with its WAL (in memory, SQLite writes cost a fraction).
    const file = t.backend === 'sqlite' ? { databaseUrl: `sqlite:${join(mkdtempSync(join(tmpdir(), 'laurel-bulk-')), 'laurel.db')}` } : {};
    t.configure({ jobPollMs: 0, ...file });
    await t.restart();
  });

  it('keeps the loop turning during a 1,000-event POST /events of 3.6 MB', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 }, limit: null });
    for (let u = 0; u < USERS; u++) await t.createUser(`u${u}`);
    const headers = { ...(await t.serviceAuth()), 'content-type': 'application/json' };
    const events = Array.from({ length: 1000 }, (_, i) => ({ eventId: 'buy', userId: `u${i % USERS}`, metadata: metadata(i) }));
    const payload = JSON.stringify({ events });
    expect(payload.length).toBeGreaterThan(3_500_000);
    // Twice: the first run also compiles code paths; both are held to the bound.
    for (let round = 0; round < 2; round++) {
      const { res, stall, health } = await underWatch(t, () => t.inject({ method: 'POST', url: '/events', headers, payload }));
      expect(res.statusCode).toBe(200);
      expect(res.json().results.every((r: { statusCode: number }) => r.statusCode === 200)).toBe(true);
      expect(health.status).toBe(200);
      expectTurning(stall, round);
      if (t.backend === 'sqlite') expect(health.ms, `round ${round}: /health took ${Math.round(health.ms)} ms`).toBeLessThan(WALL_BOUND_MS);
    }
    expect((await t.app.services.users.points('default', 'u0')).points).toBe(2 * 20 * 5);
  });

  it('keeps the loop turning during a 1,000-row bulk adjustment', async () => {
    for (let u = 0; u < USERS; u++) await t.createUser(`u${u}`);
    const rows = Array.from({ length: 1000 }, (_, i) => ({ userId: `u${i % USERS}`, points: 3, reason: `goodwill ${i}` }));
    for (let round = 0; round < 2; round++) {
      const { res, stall } = await underWatch(t, () => t.admin('POST', '/admin/adjustments/bulk', { rows }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ applied: 1000, failed: 0 });
      expectTurning(stall, round);
    }
  });
});
