import { afterEach, beforeEach, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { describeBackends, signToken } from '../../../test/helpers/test-app.js';
import { startReceiver, type Receiver } from '../webhooks/webhooks.test-helpers.js';
import { projectRows, seedProject } from './projects.test-factory.js';

/**
 * DELETE /admin/project/{id} (decision 216): 202 with a job; meanwhile the project does not exist
 * for any request; when the job is done no table holds a row of the project and Redis no key of it,
 * and the other projects keep everything.
 */
describeBackends('project deletion', (t) => {
  let receiver: Receiver;
  beforeEach(async () => {
    receiver = await startReceiver();
    t.configure({ jobPollMs: 0, webhookAllowPrivate: true });
    await t.restart();
    await t.setClock(Date.UTC(2026, 2, 10, 12));
  });
  afterEach(() => receiver.close());

  /** Keys of this test's Redis prefix that name the project (scale mode; none embedded). */
  async function redisKeysOf(projectId: string): Promise<string[]> {
    const { redisUrl, redisPrefix } = t.storeUrls();
    if (!redisUrl) return [];
    const raw = new Redis(redisUrl);
    try {
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, found] = await raw.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000);
        cursor = next;
        keys.push(...found.filter((k) => k.slice(redisPrefix.length).split(/[|:]/).includes(projectId)));
      } while (cursor !== '0');
      return keys;
    } finally {
      raw.disconnect();
    }
  }

  it('removes every row and every Redis key of the project, and nothing of the others', async () => {
    await seedProject(t, 'shop', receiver.url);
    await seedProject(t, 'keep', receiver.url);
    const before = await projectRows(t, 'shop');
    const kept = await projectRows(t, 'keep');
    const tablesWithRows = Object.entries(before).filter(([, n]) => n > 0);
    if (process.env.DEBUG_PROJECT_ROWS) console.log(t.backend, before);
    // The project really had data in most of the store.
    expect(tablesWithRows.length, JSON.stringify(before)).toBeGreaterThan(25);
    if (t.backend === 'postgres') expect((await redisKeysOf('shop')).length).toBeGreaterThan(5);

    const res = await t.admin('DELETE', '/admin/project/shop');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: expect.any(String), projectId: 'shop', jobId: expect.stringMatching(/^job_/) });
    const { jobId } = res.json();
    expect((await t.admin('GET', `/admin/job/${jobId}`)).json()).toMatchObject({ kind: 'project-deletion', status: 'queued' });
    await t.app.services.jobs.runUntilIdle();
    const done = (await t.admin('GET', `/admin/job/${jobId}`)).json();
    expect(done).toMatchObject({ status: 'done' });
    expect(done.processed).toBeGreaterThanOrEqual(tablesWithRows.reduce((n, [, c]) => n + c, 0));

    const after = await projectRows(t, 'shop');
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await redisKeysOf('shop')).toEqual([]);
    expect(await projectRows(t, 'keep')).toEqual(kept);
    const projects = (await t.admin('GET', '/admin/project')).json().map((p: { projectId: string }) => p.projectId);
    expect(projects.sort()).toEqual(['default', 'keep']);
    // The other project's boards still answer from the index.
    const keep = { authorization: `Bearer ${await signToken({ sub: 'ann', projectId: 'keep' })}` };
    const board = await t.inject({ method: 'GET', url: '/project/keep/leaderboard?groupId=default&timeframe=7d', headers: keep });
    expect(
      board
        .json()
        .users.map((u: { userId: string }) => u.userId)
        .sort(),
    ).toEqual(['ann', 'bob']);
    // The deletion is in the audit log of the project the admin acted from.
    const audit = (await t.admin('GET', '/admin/audit-log?resource=project&resourceId=shop')).json().entries;
    expect(audit[0]).toMatchObject({ resource: 'project', resourceId: 'shop', action: 'delete', before: { projectId: 'shop' } });
  });

  it('makes the project not exist for any request while the job runs, and lets its id be created afresh when done', async () => {
    await seedProject(t, 'shop', receiver.url);
    const { key } = (await t.admin('POST', '/admin/apikey', { name: 'other key' }, 'shop')).json();
    const user = { authorization: `Bearer ${await signToken({ sub: 'ann', projectId: 'shop' })}` };
    const { jobId } = (await t.admin('DELETE', '/admin/project/shop')).json();

    expect((await t.inject({ method: 'GET', url: '/user/ann/points', headers: user })).statusCode).toBe(401);
    const viaKey = await t.inject({
      method: 'POST',
      url: '/event',
      headers: { 'x-api-key': key },
      payload: { eventId: 'tap', userId: 'ann' },
    });
    expect(viaKey.statusCode).toBe(401);
    expect((await t.admin('GET', '/admin/event', undefined, 'shop')).json()).toMatchObject({ statusCode: 404, code: 'PROJECT_NOT_FOUND' });
    expect((await t.admin('GET', '/admin/project/shop')).statusCode).toBe(404);
    expect((await t.admin('PUT', '/admin/project/shop', { name: 'Again' })).statusCode).toBe(404);
    const again = await t.admin('POST', '/admin/project', { projectId: 'shop', name: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'PROJECT_BEING_DELETED' });
    const second = await t.admin('DELETE', '/admin/project/shop');
    expect(second.statusCode).toBe(202);
    expect(second.json().jobId).toBe(jobId);

    await t.app.services.jobs.runUntilIdle();
    expect((await t.admin('DELETE', '/admin/project/shop')).statusCode).toBe(404);
    expect((await t.admin('POST', '/admin/project', { projectId: 'shop', name: 'Fresh' })).statusCode).toBe(201);
    // The new project of that id starts empty: no definitions, no users, no boards.
    expect((await t.admin('GET', '/admin/event', undefined, 'shop')).json()).toEqual([]);
    expect((await t.inject({ method: 'GET', url: '/user/ann/points', headers: user })).json()).toMatchObject({
      points: 0,
      userExists: false,
    });
    const board = await t.inject({ method: 'GET', url: '/project/shop/leaderboard?groupId=default&timeframe=7d', headers: user });
    expect(board.json()).toMatchObject({ users: [], total: 0 });
    expect(
      (await t.inject({ method: 'POST', url: '/event', headers: { 'x-api-key': key }, payload: { eventId: 'tap', userId: 'ann' } }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses to delete the default project (400), an unknown one (404), and anyone but the admin (401)', async () => {
    const protectedDefault = await t.admin('DELETE', '/admin/project/default');
    expect(protectedDefault.statusCode).toBe(400);
    expect(protectedDefault.json()).toMatchObject({ code: 'PROJECT_PROTECTED' });
    expect((await t.admin('DELETE', '/admin/project/nothing')).json()).toMatchObject({ statusCode: 404, code: 'PROJECT_NOT_FOUND' });
    await t.admin('POST', '/admin/project', { projectId: 'tmp', name: 'Tmp' });
    expect((await t.inject({ method: 'DELETE', url: '/admin/project/tmp', headers: await t.serviceAuth('tmp') })).statusCode).toBe(401);
    expect((await t.admin('GET', '/admin/project/tmp')).statusCode).toBe(200);
  });
});
