import { setTimeout as sleep } from 'node:timers/promises';
import { beforeEach, expect, it } from 'vitest';
import { userRowsLeft } from '../../../test/factories/user-rows.js';
import { describeBackends } from '../../../test/helpers/test-app.js';

/**
 * Writes racing DELETE /user leave nothing behind (decision 080): every writer asks the users
 * module whether the user is live inside its own transaction, and the job ends with a final sweep.
 */
describeBackends('user deletion: writes racing the deletion', (t) => {
  const NOW = Date.UTC(2026, 2, 15, 10);

  beforeEach(async () => {
    t.configure({ jobPollMs: 0 }); // the job runs only when the test says so
    await t.restart();
    await t.setClock(NOW);
    const admin = async (url: string, body: object) => expect((await t.admin('POST', url, body)).statusCode).toBe(201);
    await admin('/admin/event', { eventId: 'purchase', title: 'Purchase', reward: { default: 10 } });
    await admin('/admin/challenge', { challengeId: 'buy2', title: { de: 'Zwei', en: 'Two' }, eventId: 'purchase', goal: 2, points: 5 });
    await admin('/admin/streak', {
      streakId: 'daily',
      title: { de: 'Serie', en: 'Streak' },
      timeFrame: 'daily',
      eventIds: ['purchase'],
      milestones: [{ count: 1, points: 1 }],
    });
    const options = [
      { optionId: 'a', label: 'A' },
      { optionId: 'b', label: 'B' },
    ];
    await admin('/admin/survey', { surveyId: 'paid', title: 'Paid', type: 'SINGLE', options, points: 5 });
    await admin('/admin/survey', { surveyId: 'free', title: 'Free', type: 'SINGLE', options, points: 0 });
    await admin('/admin/survey', { surveyId: 'later', title: 'Later', type: 'SINGLE', options, points: 0 });
    await admin('/admin/offer', { offerId: 'coffee', points: 1, title: { en: 'Coffee' }, perUserLimit: 100 });
    await t.createUser('alice');
  });

  const as = async (method: 'POST' | 'PUT', url: string, payload: object = {}) =>
    t.inject({ method, url, headers: await t.auth('alice'), payload });
  const writers = {
    event: () => as('POST', '/event', { userId: 'alice', eventId: 'purchase' }),
    coupon: () => t.admin('POST', '/admin/coupon', { userId: 'alice', title: 'Gift', validUntil: NOW + 86_400_000 }),
    paidSurvey: () => as('PUT', '/user/alice/survey/paid', { userId: 'alice', surveyId: 'paid', responses: ['a'] }),
    freeSurvey: () => as('PUT', '/user/alice/survey/free', { userId: 'alice', surveyId: 'free', responses: ['b'] }),
    marker: () => as('PUT', '/user/alice/notifications/overview', { screenId: 'rewards' }),
    profile: () => as('POST', '/user/alice/leaderboard', { username: 'Alice A.' }),
    redeem: () => as('POST', '/user/alice/offer/coffee/redeem'),
    adjustment: () => t.admin('POST', '/admin/user/alice/points', { points: 3, reason: 'bonus' }),
  };
  const boardUsers = async () =>
    (await t.inject({ method: 'GET', url: '/project/default/leaderboard?groupId=default&timeframe=7d', headers: await t.serviceAuth() }))
      .json()
      .users.map((u: { userId: string }) => u.userId);

  it('refuses every writer while the job runs, and the job leaves nothing of the user', async () => {
    for (const write of Object.values(writers)) expect((await write()).statusCode).toBeLessThan(300);
    const coupon = (await writers.coupon()).json();
    expect(await boardUsers()).toEqual(['alice']);

    const deletion = await t.inject({ method: 'DELETE', url: '/user/alice', headers: await t.auth('alice') });
    expect(deletion.statusCode).toBe(200);
    const laterSurvey = () => as('PUT', '/user/alice/survey/later', { userId: 'alice', surveyId: 'later', responses: ['a'] });
    for (const [name, write] of Object.entries({ ...writers, laterSurvey })) {
      const res = await write();
      expect(res.json(), name).toEqual({ statusCode: 404, error: 'Not Found', message: expect.any(String), code: 'USER_NOT_FOUND' });
    }
    const use = await as('PUT', `/user/alice/coupon/${encodeURIComponent(coupon.SK)}`, { userId: 'alice', SK: coupon.SK });
    expect(use.json()).toMatchObject({ statusCode: 404, code: 'USER_NOT_FOUND' });

    await t.app.services.jobs.runUntilIdle();
    expect(await userRowsLeft(t.app, 'alice')).toEqual({});
    expect(await boardUsers()).toEqual([]);

    // A new alice starts from nothing: no name, balance, coupons, answers or history of the old one.
    await t.createUser('alice');
    expect((await as('POST', '/user/alice/leaderboard')).json()).toEqual({ userId: 'alice', username: 'alice', anonymous: false });
    expect((await t.inject({ method: 'GET', url: '/user/alice/points', headers: await t.auth('alice') })).json().points).toBe(0);
    expect((await t.inject({ method: 'GET', url: '/user/alice/coupon', headers: await t.auth('alice') })).json()).toEqual([]);
    expect((await t.inject({ method: 'GET', url: '/user/alice/survey', headers: await t.auth('alice') })).json()).toHaveLength(3);
    expect((await t.inject({ method: 'GET', url: '/user/alice/history', headers: await t.auth('alice') })).statusCode).toBe(204);
  });

  it('lets a writer that holds the user when the deletion starts commit first; the job then removes what it wrote', async () => {
    const { users, coupons, userDeletion, jobs } = t.app.services;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const writer = t.app.platform.db.kysely.transaction().execute(async (trx) => {
      expect(await users.lockLive(trx, 'default', ['alice', 'nobody'])).toEqual(new Set(['alice']));
      await coupons.issue(trx, {
        projectId: 'default',
        userId: 'alice',
        title: 'Late',
        description: '',
        validUntil: NOW + 86_400_000,
        metadata: {},
        offerId: null,
      });
      holding();
      await gate;
    });
    await held;
    let marked = false;
    const deletion = userDeletion.start('default', 'alice').then((r) => ((marked = true), r));
    await sleep(300);
    expect(marked).toBe(false); // the mark waits for the writer's commit
    release();
    await writer;
    await deletion;
    await jobs.runUntilIdle();
    expect(await userRowsLeft(t.app, 'alice')).toEqual({});
  });

  it('shows a writer that comes after the mark that the user is gone', async () => {
    const { users, userDeletion } = t.app.services;
    await userDeletion.start('default', 'alice');
    await t.app.platform.db.kysely.transaction().execute(async (trx) => {
      expect(await users.lockLive(trx, 'default', ['alice'])).toEqual(new Set());
      await expect(users.requireLive(trx, 'default', 'alice')).rejects.toMatchObject({ statusCode: 404, code: 'USER_NOT_FOUND' });
    });
  });

  it('leaves nothing when writes of every kind arrive while the deletion starts and runs', async () => {
    const kinds = Object.values(writers);
    const write = (i: number) => kinds[i % kinds.length]!();
    const results = await Promise.all([
      ...Array.from({ length: 24 }, (_, i) => write(i)),
      (async () => {
        const res = await t.inject({ method: 'DELETE', url: '/user/alice', headers: await t.auth('alice') });
        await t.app.services.jobs.runUntilIdle();
        return res;
      })(),
      ...Array.from({ length: 24 }, (_, i) => write(i + 3)),
    ]);
    // Each write either happened before the mark or was refused; nothing failed.
    for (const res of results) expect([200, 201, 400, 404], res.body).toContain(res.statusCode);
    await t.app.services.jobs.runUntilIdle();
    expect(await userRowsLeft(t.app, 'alice')).toEqual({});
    expect(await boardUsers()).toEqual([]);
    expect((await t.inject({ method: 'GET', url: '/user/alice/points', headers: await t.auth('alice') })).json()).toEqual({
      userId: 'alice',
      points: 0,
      userExists: false,
      pending: 0,
      expiring: [],
    });
  });

  it('ends with a final sweep that removes what was written behind an owner’s first pass', async () => {
    expect((await writers.event()).statusCode).toBe(200);
    const { jobs, userDeletion, coupons } = t.app.services;
    const { jobId } = await userDeletion.start('default', 'alice');
    const now = t.app.platform.clock.now();
    const job = (await jobs.store.claim(['user-deletion'], 'runner_test', now, 30_000))!;
    expect(job.jobId).toBe(jobId);
    while (userDeletion.position(job)?.pass === 'first') job.processed += (await userDeletion.step(job)).processed;
    expect(userDeletion.position(job)).toEqual({ owner: 'events', pass: 'sweep' });
    // Rows that reached the store behind the first pass (a writer that skipped the liveness check,
    // e.g. an instance of an older version during a rolling upgrade).
    await t.app.platform.db.kysely.transaction().execute((trx) =>
      coupons.issue(trx, {
        projectId: 'default',
        userId: 'alice',
        title: 'Behind',
        description: '',
        validUntil: NOW + 86_400_000,
        metadata: {},
        offerId: null,
      }),
    );
    await t.app.services.leaderboards.recordPoints({ projectId: 'default', userId: 'alice', points: 7 });
    expect(await userRowsLeft(t.app, 'alice')).toMatchObject({ coupons: 1, leaderboard_daily: 1 });
    await jobs.store.finish(job, 'runner_test', 'queued', now); // hand it back mid-way
    await jobs.runUntilIdle();
    expect((await t.admin('GET', `/admin/job/${jobId}`)).json().status).toBe('done');
    expect(await userRowsLeft(t.app, 'alice')).toEqual({});
    expect(await boardUsers()).toEqual([]);
  });
});
