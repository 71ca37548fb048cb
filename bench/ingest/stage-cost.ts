/**
 * In-process cost of the challenge and streak stages per event (npm run bench:stage-cost): no HTTP,
 * no other process, so the noise of a shared machine hurts less than in the autocannon runs. Builds
 * the app on a temporary SQLite file (embedded mode), sends events through
 * EventsService.ingest 50 at a time, and times each stage's apply().
 *
 * Env: STAGE_USERS (2000), STAGE_EVENTS (6000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { EventStage } from '../../src/modules/events/pipeline.js';

const USERS = Number(process.env.STAGE_USERS ?? 2000);
const EVENTS = Number(process.env.STAGE_EVENTS ?? 6000);
const dir = mkdtempSync(join(tmpdir(), 'laurel-stage-'));
const base = loadConfig({ LOG_LEVEL: 'silent' });
const config = { ...base, databaseUrl: `sqlite:${join(dir, 'laurel.db')}`, jwtSecret: 'x'.repeat(40), adminToken: 'a'.repeat(30), rateLimitMax: 1e9 };
const app = await buildApp({ config, logger: false });
const { services } = app;
const projectId = 'default';
const principal = { kind: 'service' as const, projectId, subject: 'bench' };
const spent = new Map<string, number>();
for (const stage of services.stages) {
  const apply = stage.apply.bind(stage);
  (stage as { apply: EventStage['apply'] }).apply = async (trx, event, outcome) => {
    const t0 = performance.now();
    await apply(trx, event, outcome);
    spent.set(stage.name, (spent.get(stage.name) ?? 0) + performance.now() - t0);
  };
}

async function run(label: string, n: number): Promise<void> {
  spent.clear();
  const t0 = performance.now();
  for (let i = 0; i < n; i += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, k) => services.events.ingest(principal, { eventId: 'purchase', userId: `u${(i + k) % USERS}`, metadata: { amount: 12 } })),
    );
  }
  const us = ((performance.now() - t0) * 1000) / n;
  const stages = [...spent].map(([name, ms]) => `${name} ${((ms * 1000) / n).toFixed(0)} µs`).join(', ');
  console.log(`| ${label} | ${Math.round(1e6 / us)} | ${us.toFixed(0)} | ${stages || '-'} |`);
}

try {
  await services.events.definitions.create(projectId, { eventId: 'purchase', title: 'Purchase', reward: { default: 10 } });
  for (let u = 0; u < USERS; u++) await services.users.create(projectId, `u${u}`);
  const challenge = { challengeId: 'c', title: { en: 'Buy a lot' }, eventId: 'purchase', goal: 1e9, points: 1 };
  const streak = { streakId: 's', title: { en: 'Daily' }, timeFrame: 'daily' as const, eventIds: ['purchase'], milestones: [{ count: 7, points: 70 }] };
  await services.challenges.create(projectId, { ...challenge, status: 'INACTIVE' });
  await services.streaks.create(projectId, { ...streak, status: 'INACTIVE' });
  console.log(`Stage cost, ${config.databaseUrl.split(':')[0]}, ${USERS} users, ${EVENTS} events per row`);
  console.log('| run | events/s | µs/event | time in stages per event |');
  console.log('|---|---|---|---|');
  await run('warm-up, inactive', EVENTS);
  await run('challenge and streak inactive', EVENTS);
  await services.challenges.update(projectId, 'c', { ...challenge, status: 'ACTIVE' });
  await services.streaks.update(projectId, 's', { ...streak, status: 'ACTIVE' });
  await run('active, first event of the day per user', USERS);
  await run('active, steady', EVENTS);
  await services.challenges.update(projectId, 'c', { ...challenge, status: 'INACTIVE' });
  await services.streaks.update(projectId, 's', { ...streak, status: 'INACTIVE' });
  await run('inactive again', EVENTS);
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
