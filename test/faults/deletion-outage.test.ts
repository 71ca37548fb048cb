import { afterEach, beforeEach, expect, it } from 'vitest';
import { defineEvent, sendEvent } from '../../src/modules/events/events.test-factory.js';
import { OUTAGE_BACKOFF_CAP_MS } from '../../src/platform/jobs/job-runner.js';
import { seedLedger } from '../factories/ledger.js';
import { FaultProxy } from '../helpers/fault-proxy.js';
import { describeBackends } from '../helpers/test-app.js';

/**
 * A deletion outlasts an outage (decision 215): the scale-mode app reaches PostgreSQL and Redis
 * through fault proxies; a user-deletion job that meets a store that is away waits and tries again
 * (at most 60 s apart) for as long as the outage lasts, never ends `failed`, and finishes once the
 * store is back. The user's reads answer 404 meanwhile. (Embedded: the job runner's own test.)
 */
describeBackends('user deletion during a store outage', (t) => {
  if (t.backend === 'sqlite') {
    it('waits while the embedded store is busy or failing to write, and finishes afterwards', async () => {
      t.configure({ jobPollMs: 0 });
      await t.restart();
      await t.createUser('ann');
      await seedLedger(t.app, 'ann', 700);
      const { userDeletion, jobs } = t.app.services;
      const step = userDeletion.step.bind(userDeletion);
      let busy = true;
      userDeletion.step = async (job) => {
        if (busy) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
        return step(job);
      };
      const { jobId } = (await t.inject({ method: 'DELETE', url: '/user/ann', headers: await t.auth('ann') })).json();
      for (let i = 0; i < 10; i++) {
        await jobs.runUntilIdle();
        expect((await t.admin('GET', `/admin/job/${jobId}`)).json().status).toBe('queued');
        await t.setClock(t.app.platform.clock.now() + OUTAGE_BACKOFF_CAP_MS);
      }
      busy = false;
      await jobs.runUntilIdle();
      expect((await t.admin('GET', `/admin/job/${jobId}`)).json()).toMatchObject({ status: 'done', processed: 701 });
    });
    return;
  }

  let pg: FaultProxy;
  let redis: FaultProxy;
  beforeEach(async () => {
    const urls = t.storeUrls();
    pg = await FaultProxy.start(urls.databaseUrl);
    redis = await FaultProxy.start(urls.redisUrl!);
    t.configure({ jobPollMs: 0, databaseUrl: pg.url(urls.databaseUrl), redisUrl: redis.url(urls.redisUrl!) });
    await t.restart();
    await defineEvent(t, { eventId: 'tap', reward: { default: 2 }, limit: null });
    for (const u of ['ann', 'bob']) await t.createUser(u);
    for (const u of ['ann', 'bob']) expect((await sendEvent(t, u, { eventId: 'tap' })).statusCode).toBe(200);
  });
  afterEach(async () => {
    await pg.restore().catch(() => undefined);
    await redis.restore().catch(() => undefined);
    await t.app.close();
    await pg.close();
    await redis.close();
  });

  const jobRow = (jobId: string) =>
    t.app.platform.db.kysely
      .selectFrom('jobs')
      .select(['status', 'run_after', 'attempts', 'error'])
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
  /** Moves the test clock in this process only (PUT /admin/clock needs Redis). */
  const moveClockTo = (ms: number) => t.app.platform.testClock!.set(ms);
  const board = async () =>
    t.inject({ method: 'GET', url: '/project/default/leaderboard?groupId=default&timeframe=7d', headers: await t.auth('bob') });

  it('waits out a Redis outage, trying again at most 60 s apart, and finishes when Redis is back', async () => {
    expect(
      (await board())
        .json()
        .users.map((u: { userId: string }) => u.userId)
        .sort(),
    ).toEqual(['ann', 'bob']);
    await redis.refuse();
    const ann = await t.auth('ann');
    const { jobId } = (await t.inject({ method: 'DELETE', url: '/user/ann', headers: ann })).json();
    expect((await t.inject({ method: 'GET', url: '/user/ann/points', headers: ann })).json().code).toBe('USER_NOT_FOUND');

    // Ten tries over the outage (more than the five attempts a failing job gets): each one waits.
    let lastWait = 0;
    for (let i = 0; i < 10; i++) {
      await t.app.services.jobs.runUntilIdle();
      const row = await jobRow(jobId);
      expect(row.status).toBe('queued');
      expect(row.error).toMatch(/^redis unavailable/);
      lastWait = Number(row.run_after) - t.app.platform.clock.now();
      expect(lastWait).toBeLessThanOrEqual(OUTAGE_BACKOFF_CAP_MS);
      moveClockTo(Number(row.run_after) + 1);
    }
    expect(lastWait).toBeGreaterThan(OUTAGE_BACKOFF_CAP_MS - 1_000);
    expect((await t.admin('GET', `/admin/job/${jobId}`)).json().status).toBe('queued');
    expect((await t.inject({ method: 'GET', url: '/user/ann/history', headers: ann })).statusCode).toBe(404);

    await redis.restore();
    for (let i = 0; i < 100 && !t.app.platform.redis!.available(); i++) await new Promise((r) => setTimeout(r, 50));
    await t.app.services.jobs.runUntilIdle();
    expect((await t.admin('GET', `/admin/job/${jobId}`)).json().status).toBe('done');
    expect((await board()).json().users.map((u: { userId: string }) => u.userId)).toEqual(['bob']);
    expect((await t.inject({ method: 'GET', url: '/user/ann/points', headers: ann })).json()).toMatchObject({ userExists: false });
  });

  it('survives PostgreSQL going away in the middle of a step: the job is taken up again after its lease', async () => {
    await seedLedger(t.app, 'ann', 1_500);
    const { jobs, userDeletion } = t.app.services;
    const step = userDeletion.step.bind(userDeletion);
    let steps = 0;
    userDeletion.step = async (job) => {
      if (++steps === 2) await pg.refuse(); // the second batch meets a PostgreSQL that is gone
      return step(job);
    };
    const { jobId } = (await t.inject({ method: 'DELETE', url: '/user/ann', headers: await t.auth('ann') })).json();
    // The runner stops where it cannot claim anything (PostgreSQL refuses): that pass ends with the error.
    await expect(jobs.runUntilIdle()).rejects.toThrow();
    await pg.restore();
    // The step failed and its hand-back could not be written: the job waits for its lease (30 s).
    const stuck = await jobRow(jobId);
    expect(stuck.status).toBe('running');
    moveClockTo(t.app.platform.clock.now() + 31_000);
    await jobs.runUntilIdle();
    const done = (await t.admin('GET', `/admin/job/${jobId}`)).json();
    expect(done.status).toBe('done');
    expect(done.processed).toBeGreaterThan(1_500);
    expect(await t.app.platform.db.kysely.selectFrom('ledger').select('user_id').where('user_id', '=', 'ann').execute()).toEqual([]);
    expect(await t.app.services.users.beingDeleted('default', 'ann')).toBe(false);
  });
});
