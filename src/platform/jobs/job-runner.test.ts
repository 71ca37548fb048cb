import { beforeEach, expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { JobRunner } from './job-runner.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 10, 9);

describeBackends('job runner', (t) => {
  beforeEach(async () => {
    t.configure({ jobPollMs: 0 });
    await t.restart();
    await t.setClock(NOW);
  });

  it('runs each daily task once per UTC day, with the clock as now', async () => {
    const runner = new JobRunner(t.app.platform, { pollMs: 0 });
    const seen: number[] = [];
    runner.daily([{ name: 'count', run: async (now) => void seen.push(now) }]);
    await runner.runUntilIdle();
    await runner.runUntilIdle();
    expect(seen).toHaveLength(1);
    expect(Math.abs(seen[0]! - NOW)).toBeLessThan(60_000);
    // A second instance the same day finds the day's job already there.
    const other = new JobRunner(t.app.platform, { pollMs: 0 });
    other.daily([{ name: 'count', run: async (now) => void seen.push(now) }]);
    await other.runUntilIdle();
    expect(seen).toHaveLength(1);
    await t.setClock(NOW + DAY);
    await runner.runUntilIdle();
    expect(seen).toHaveLength(2);
  });

  it('deletes Idempotency-Keys older than 24 hours in the daily clean-up, and keeps newer ones', async () => {
    await t.createUser('alice');
    const headers = { ...(await t.auth('alice')), 'idempotency-key': 'old-key' };
    expect((await t.inject({ method: 'POST', url: '/usergroup', headers, payload: { title: { default: 'G', de: 'G' } } })).statusCode).toBe(
      201,
    );
    await t.setClock(NOW + 2 * DAY);
    const fresh = { ...(await t.auth('alice')), 'idempotency-key': 'new-key' };
    expect(
      (await t.inject({ method: 'POST', url: '/usergroup', headers: fresh, payload: { title: { default: 'H', de: 'H' } } })).statusCode,
    ).toBe(201);
    await t.app.services.jobs.runUntilIdle();
    const keys = await t.app.platform.db.kysely.selectFrom('idempotency_keys').select('idem_key').execute();
    expect(keys.map((k) => k.idem_key)).toEqual(['new-key']);
  });

  it('retries a failing step with backoff and marks the job failed after the last attempt', async () => {
    const runner = new JobRunner(t.app.platform, { pollMs: 0, maxAttempts: 2 });
    let calls = 0;
    runner.register({
      kind: 'always-fails',
      step: async () => {
        calls++;
        throw new Error('boom');
      },
    });
    const jobId = await runner.enqueue({ projectId: 'default', kind: 'always-fails' });
    await runner.runUntilIdle();
    expect(calls).toBe(1);
    expect((await runner.store.find('default', jobId))!.status).toBe('queued');
    await t.setClock(NOW + 60_000); // past the backoff
    await runner.runUntilIdle();
    expect(calls).toBe(2);
    expect((await t.admin('GET', `/admin/job/${jobId}`)).json()).toMatchObject({ status: 'failed', processed: 0 });
  });

  it('never fails a job for an unavailable store: it waits, doubling up to 60 s, as long as the outage lasts', async () => {
    const runner = new JobRunner(t.app.platform, { pollMs: 0, maxAttempts: 2 });
    let down = true;
    let calls = 0;
    const outage = (i: number) =>
      i % 2 === 0
        ? Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
        : new Error('Connection is closed.');
    runner.register({
      kind: 'needs-a-store',
      step: async () => {
        if (down) throw outage(calls++);
        return { processed: 1, done: true };
      },
    });
    const jobId = await runner.enqueue({ projectId: 'default', kind: 'needs-a-store' });
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      await runner.runUntilIdle();
      const row = await t.app.platform.db.kysely
        .selectFrom('jobs')
        .select(['status', 'run_after', 'attempts', 'error'])
        .where('job_id', '=', jobId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('queued');
      expect(Number(row.attempts)).toBe(0);
      expect(row.error).toMatch(i % 2 === 0 ? /^database unavailable/ : /^redis unavailable/);
      waits.push(Number(row.run_after) - t.app.platform.clock.now());
      await t.setClock(Number(row.run_after) + 1);
    }
    expect(calls).toBe(10);
    const expected = [1, 2, 4, 8, 16, 32, 60, 60, 60, 60].map((s) => s * 1_000);
    waits.forEach((w, i) => {
      expect(w).toBeLessThanOrEqual(expected[i]!);
      expect(w).toBeGreaterThan(expected[i]! - 1_000);
    });
    down = false;
    await runner.runUntilIdle();
    expect((await runner.store.find('default', jobId))!).toMatchObject({ status: 'done', processed: 1 });
  });

  it('never hands one job to two claimers at once', async () => {
    const runner = new JobRunner(t.app.platform, { pollMs: 0 });
    for (let i = 0; i < 6; i++) await runner.enqueue({ projectId: 'default', kind: 'noop' });
    const now = t.app.platform.clock.now() + 1_000;
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => runner.store.claim(['noop'], `r${i}`, now, 30_000)));
    const ids = claims.filter((c) => c !== null).map((c) => c!.jobId);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });
});
