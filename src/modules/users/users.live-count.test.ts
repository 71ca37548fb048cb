import fc from 'fast-check';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeSharedApp, type TestContext } from '../../../test/helpers/test-app.js';
import { defineEvent, sendEvent } from '../events/events.test-factory.js';

/** The live users the project's rows hold: what the kept count must always equal. */
async function liveRows(t: TestContext): Promise<number> {
  const r = await sql<{ n: number | string }>`select count(*) as n from users
    where project_id = ${t.projectId} and deleted_at is null`.execute(t.app.platform.db.kysely);
  return Number(r.rows[0]!.n);
}

const liveCount = (t: TestContext) => t.app.services.users.liveCount(t.projectId);

async function setAutoCreate(t: TestContext): Promise<void> {
  const res = await t.admin('PUT', `/admin/project/${t.projectId}`, { name: 'Live count', autoCreateUsers: true });
  expect(res.statusCode).toBe(200);
}

async function deleteUser(t: TestContext, userId: string) {
  return t.inject({ method: 'DELETE', url: `/user/${encodeURIComponent(userId)}`, headers: await t.serviceAuth() });
}

/** The count of a project's live users kept by the users module (decision 287), on both stores. */
describeSharedApp('users: the kept count of live users', (t) => {
  it('counts users created by POST /user, and not a second POST of the same user', async () => {
    expect(await liveCount(t)).toBe(0);
    await t.createUser('alice');
    await t.createUser('bob');
    const again = await t.inject({ method: 'POST', url: '/user', headers: await t.auth('alice'), payload: { userId: 'alice' } });
    expect(again.statusCode).toBe(400);
    expect(await liveCount(t)).toBe(2);
    expect(await liveRows(t)).toBe(2);
  });

  it('counts users created by their first event (autoCreateUsers), one by one and in a bulk request', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await setAutoCreate(t);
    expect((await sendEvent(t, 'ann', { eventId: 'buy' })).statusCode).toBe(200);
    expect((await sendEvent(t, 'ann', { eventId: 'buy' })).statusCode).toBe(200);
    const bulk = await t.inject({
      method: 'POST',
      url: '/events',
      headers: await t.serviceAuth(),
      payload: { events: ['bea', 'ann', 'cid', 'bea'].map((userId) => ({ eventId: 'buy', userId })) },
    });
    expect(bulk.statusCode).toBe(200);
    expect(await liveCount(t)).toBe(3);
    expect(await liveRows(t)).toBe(3);
  });

  it('takes a user off the count when its deletion starts, and counts it again once re-created', async () => {
    await t.createUser('alice');
    await t.createUser('bob');
    expect((await deleteUser(t, 'alice')).statusCode).toBe(200);
    // Before the deletion job has run: the user is no longer live.
    expect(await liveCount(t)).toBe(1);
    // The same deletion, not a second one: 200 with its job while it runs, 404 if the job (woken at
    // once) has already removed the user; either way the count does not move again.
    expect([200, 404]).toContain((await deleteUser(t, 'alice')).statusCode);
    expect(await liveCount(t)).toBe(1);
    await t.app.services.jobs.runUntilIdle();
    expect(await liveCount(t)).toBe(1);
    await t.createUser('alice');
    expect(await liveCount(t)).toBe(2);
    expect(await liveRows(t)).toBe(2);
  });

  it('keeps the count of each project apart', async () => {
    const first = t.projectId;
    await t.createUser('alice');
    const second = await t.newProject();
    await t.createUser('alice');
    await t.createUser('bob');
    expect(await t.app.services.users.liveCount(first)).toBe(1);
    expect(await t.app.services.users.liveCount(second)).toBe(2);
  });

  it('equals the live rows after any mix of concurrent creations, first events and deletions', async () => {
    const ops = fc.array(
      fc.record({
        op: fc.constantFrom('create', 'event', 'bulk', 'delete'),
        user: fc.integer({ min: 0, max: 5 }),
      }),
      { minLength: 1, maxLength: 24 },
    );
    await fc.assert(
      fc.asyncProperty(ops, fc.boolean(), async (list, runJobs) => {
        await t.newProject();
        await defineEvent(t, { eventId: 'buy', reward: { default: 1 } });
        await setAutoCreate(t);
        const service = await t.serviceAuth();
        // In waves of 6 at once, so later waves delete and re-create users the earlier ones created.
        const statuses: number[] = [];
        for (let i = 0; i < list.length; i += 6) {
          statuses.push(...(await Promise.all(list.slice(i, i + 6).map(run))));
        }
        async function run({ op, user }: { op: string; user: number }): Promise<number> {
          const userId = `u${user}`;
          if (op === 'create') {
            return (await t.inject({ method: 'POST', url: '/user', headers: await t.auth(userId), payload: { userId } })).statusCode;
          }
          if (op === 'delete') return (await deleteUser(t, userId)).statusCode;
          if (op === 'event') return (await sendEvent(t, userId, { eventId: 'buy' }, service)).statusCode;
          const events = [userId, `u${(user + 1) % 6}`].map((u) => ({ eventId: 'buy', userId: u }));
          return (await t.inject({ method: 'POST', url: '/events', headers: service, payload: { events } })).statusCode;
        }
        // Nothing failed for a reason other than the user's state (exists, being deleted, not found).
        for (const s of statuses) expect([200, 201, 400, 404, 409]).toContain(s);
        if (runJobs) await t.app.services.jobs.runUntilIdle();
        expect(await liveCount(t)).toBe(await liveRows(t));
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 8) },
    );
  });
});
