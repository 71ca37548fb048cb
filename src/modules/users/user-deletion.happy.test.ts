import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { seedLedger } from '../../../test/factories/ledger.js';
import { describeBackends } from '../../../test/helpers/test-app.js';

describeBackends('user deletion: happy path', (t) => {
  beforeEach(async () => {
    // Jobs run only when the test says so, so every state in between can be observed.
    t.configure({ jobPollMs: 0 });
    await t.restart();
  });

  const job = async (jobId: string) => (await t.admin('GET', `/admin/job/${jobId}`)).json();

  it('answers 200 with message, userId and jobId at once and queues the job', async () => {
    await t.createUser('alice');
    const res = await t.inject({ method: 'DELETE', url: '/v1/user/alice', headers: await t.auth('alice') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ message: expect.any(String), userId: 'alice', jobId: expect.stringMatching(/^job_/) });
    expect(await job(body.jobId)).toEqual({
      jobId: body.jobId,
      kind: 'user-deletion',
      status: 'queued',
      processed: 0,
      createdAt: expect.any(Number),
    });
  });

  it('removes the balance and the history; the job reports done with every row it deleted', async () => {
    await t.createUser('bob');
    await seedLedger(t.app, 'bob', 1_234, 2);
    await t.createUser('carol');
    await seedLedger(t.app, 'carol', 3, 5);
    const { jobId } = (await t.inject({ method: 'DELETE', url: '/user/bob', headers: await t.serviceAuth() })).json();
    await t.app.services.jobs.runUntilIdle();

    expect(await job(jobId)).toMatchObject({ status: 'done', processed: 1_234 + 1 });
    const headers = await t.auth('bob');
    expect((await t.inject({ method: 'GET', url: '/user/bob/points', headers })).json()).toEqual({
      userId: 'bob',
      points: 0,
      userExists: false,
      pending: 0,
      expiring: [],
    });
    expect(await t.app.services.points.ledgerSum('default', 'bob')).toBe(0);
    const left = await t.app.platform.db.kysely.selectFrom('ledger').select('user_id').where('user_id', '=', 'bob').execute();
    expect(left).toEqual([]);
    // Other users keep everything.
    expect((await t.inject({ method: 'GET', url: '/user/carol/points', headers: await t.auth('carol') })).json().points).toBe(15);
  });

  it('treats the user as not existing while the job runs, and refuses to re-create it with 409 until done', async () => {
    await t.createUser('dave');
    await seedLedger(t.app, 'dave', 10);
    const first = (await t.inject({ method: 'DELETE', url: '/user/dave', headers: await t.auth('dave') })).json();

    const headers = await t.auth('dave');
    const during = await t.inject({ method: 'GET', url: '/user/dave/points', headers });
    expect(during.statusCode).toBe(404);
    expect(during.json()).toMatchObject({ statusCode: 404, code: 'USER_NOT_FOUND' });
    const again = await t.inject({ method: 'POST', url: '/user', headers, payload: { userId: 'dave' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'USER_BEING_DELETED' });
    expect((await t.admin('POST', '/admin/user/dave/points', { points: 5, reason: 'late bonus' })).statusCode).toBe(404);
    // A second DELETE while it runs points at the same job.
    const second = await t.inject({ method: 'DELETE', url: '/user/dave', headers });
    expect(second.statusCode).toBe(200);
    expect(second.json().jobId).toBe(first.jobId);

    await t.app.services.jobs.runUntilIdle();
    const created = await t.inject({ method: 'POST', url: '/user', headers, payload: { userId: 'dave' } });
    expect(created.statusCode).toBe(201);
    expect((await t.inject({ method: 'GET', url: '/user/dave/points', headers })).json()).toEqual({
      userId: 'dave',
      points: 0,
      userExists: true,
      pending: 0,
      expiring: [],
    });
  });

  it('answers 404 USER_NOT_FOUND to every read of a user being deleted, then the reads of an unknown user', async () => {
    await t.createUser('gina');
    await seedLedger(t.app, 'gina', 3);
    const reads = [
      '/user/gina',
      '/user/gina/points',
      '/user/gina/history',
      '/user/gina/challenge',
      '/user/gina/streak',
      '/user/gina/coupon',
      '/user/gina/survey',
      '/user/gina/offer/feed',
      '/user/gina/notifications/overview',
      '/user/gina/tier',
      '/user/gina/rank?groupId=default',
      '/user/gina/leaderboard?groupId=default&timeframe=7d',
      '/v1/user/gina/history?showAll=true',
    ];
    for (const headers of [await t.auth('gina'), await t.serviceAuth(), t.adminAuth()]) {
      for (const url of reads) expect((await t.inject({ method: 'GET', url, headers })).statusCode, url).toBeLessThan(300);
    }
    await t.inject({ method: 'DELETE', url: '/user/gina', headers: await t.auth('gina') });
    for (const headers of [await t.auth('gina'), await t.serviceAuth(), t.adminAuth()]) {
      for (const url of reads) {
        const res = await t.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ statusCode: 404, error: 'Not Found', message: 'User gina not found', code: 'USER_NOT_FOUND' });
      }
    }
    // Another user is still told it may not look.
    expect((await t.inject({ method: 'GET', url: '/user/gina/points', headers: await t.auth('mallory') })).statusCode).toBe(403);
    await t.app.services.jobs.runUntilIdle();
    // Once done, the user is simply unknown: points 0 / userExists false, no history.
    const headers = await t.auth('gina');
    expect((await t.inject({ method: 'GET', url: '/user/gina/points', headers })).json()).toMatchObject({ points: 0, userExists: false });
    expect((await t.inject({ method: 'GET', url: '/user/gina/history', headers })).statusCode).toBe(204);
  });

  it('answers 404 on every instance once a deletion started, and serves a new user of the same id once it ended', async () => {
    // Reads do not ask the store whether the user is being deleted: each instance keeps the
    // project's users under deletion, dropped on every instance when a deletion starts or ends.
    const second = t.backend === 'postgres' ? await buildApp({ config: t.config(), logger: false }) : null;
    try {
      await t.createUser('hana');
      const headers = await t.auth('hana');
      const other = second ?? t.app;
      const read = () => other.inject({ method: 'GET', url: '/user/hana/points', headers });
      expect((await read()).statusCode).toBe(200); // the set is loaded (and cached) on that instance
      await t.inject({ method: 'DELETE', url: '/user/hana', headers });
      await expect.poll(async () => (await read()).statusCode, { timeout: 2_000, interval: 20 }).toBe(404);
      await t.app.services.jobs.runUntilIdle();
      await t.createUser('hana');
      await expect.poll(async () => (await read()).statusCode, { timeout: 2_000, interval: 20 }).toBe(200);
    } finally {
      await second?.close();
    }
  });

  it('resumes a job after a crash mid-way and a restart, and finishes it', async () => {
    if (t.backend === 'sqlite') {
      t.configure({ jobPollMs: 0, databaseUrl: `sqlite:${join(mkdtempSync(join(tmpdir(), 'laurel-jobs-')), 'laurel.db')}` });
      await t.restart();
    }
    await t.setClock(Date.UTC(2026, 4, 1, 12));
    await t.createUser('erin');
    await seedLedger(t.app, 'erin', 1_200);
    const { jobId } = (await t.inject({ method: 'DELETE', url: '/user/erin', headers: await t.auth('erin') })).json();

    // A runner that dies mid-way: it claimed the job, deleted one batch of 500 rows, checkpointed, and vanished.
    const { jobs, userDeletion } = t.app.services;
    const now = t.app.platform.clock.now();
    const claimed = (await jobs.store.claim(['user-deletion'], 'runner_crashed', now, 30_000))!;
    while (claimed.processed === 0) claimed.processed += (await userDeletion.step(claimed)).processed;
    await jobs.store.checkpoint(claimed, 'runner_crashed', now, 30_000);
    expect(await job(jobId)).toMatchObject({ status: 'running', processed: 500 });

    await t.restart();
    await t.app.ready();
    await t.setClock(now + 5 * 60_000); // the dead runner's lease has passed
    await t.app.services.jobs.runUntilIdle();
    expect(await job(jobId)).toMatchObject({ status: 'done', processed: 1_200 + 1 });
    expect((await t.inject({ method: 'GET', url: '/user/erin/points', headers: await t.auth('erin') })).json().userExists).toBe(false);
  });

  it('hands a running job back on a graceful shutdown, and the next start finishes it', async () => {
    if (t.backend === 'sqlite') {
      t.configure({ jobPollMs: 0, databaseUrl: `sqlite:${join(mkdtempSync(join(tmpdir(), 'laurel-jobs-')), 'laurel.db')}` });
      await t.restart();
    }
    await t.createUser('frank');
    await seedLedger(t.app, 'frank', 3_000);
    const { jobId } = (await t.inject({ method: 'DELETE', url: '/user/frank', headers: await t.auth('frank') })).json();
    const running = t.app.services.jobs.runUntilIdle();
    await new Promise((r) => setImmediate(r));
    await t.restart(); // stops the runner between two batches
    await running;
    const mid = await job(jobId);
    expect(mid.status).toBe('queued');
    expect(mid.processed).toBeLessThan(3_001);
    await t.app.services.jobs.runUntilIdle();
    expect(await job(jobId)).toMatchObject({ status: 'done', processed: 3_000 + 1 });
  });
});
