import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineEvent, NOW } from '../events/events.test-factory.js';
import { defineAchievement } from './achievements.test-factory.js';

/** GET /admin/achievement/{id}/backfill (decision 288): where the latest backfill of an achievement stands. */
describeSharedApp('achievements: backfill progress', (t) => {
  const progress = async (achievementId: string) => t.admin('GET', `/admin/achievement/${achievementId}/backfill`);
  const first = { criteria: { kind: 'eventCount', eventId: 'purchase', threshold: 1 } };

  async function setup(users: number) {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'purchase', reward: { default: 10 } });
    for (let i = 0; i < users; i++) await t.createUser(`user${String(i).padStart(3, '0')}`);
  }

  it('answers the job of a new achievement, queued, then done with every live user checked', async () => {
    await setup(130);
    const created = await defineAchievement(t, { achievementId: 'first', ...first });
    // The runner starts it at once: seen queued, or part way (a step is 100 users), or done.
    const started = await progress('first');
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({
      achievementId: 'first',
      backfill: {
        jobId: created.backfillJobId,
        status: expect.any(String),
        usersChecked: expect.any(Number),
        liveUsers: 130,
        createdAt: expect.any(Number),
      },
    });
    const { status, usersChecked } = started.json().backfill as { status: string; usersChecked: number };
    expect([
      ['queued', 0],
      ['running', 0],
      ['running', 100],
      ['done', 130],
    ]).toContainEqual([status, usersChecked]);
    await t.app.services.jobs.runUntilIdle();
    // Two steps of 100 users.
    expect((await progress('first')).json().backfill).toMatchObject({ status: 'done', usersChecked: 130, liveUsers: 130 });
  });

  it('answers the latest backfill after a replacement, and null for one never backfilled', async () => {
    await setup(2);
    await defineAchievement(t, { achievementId: 'first', ...first });
    await t.app.services.jobs.runUntilIdle();
    await t.setClock(NOW + 1000);
    const replaced = await t.admin('PUT', '/admin/achievement/first', { title: { en: 'First' }, ...first });
    expect(replaced.statusCode).toBe(200);
    const latest = (await progress('first')).json().backfill as { jobId: string; createdAt: number };
    expect(latest.jobId).toBe(replaced.json().backfillJobId);
    expect(latest.createdAt).toBeGreaterThanOrEqual(NOW + 1000); // the test clock runs on from each setting
    await t.app.services.jobs.runUntilIdle();
    expect((await progress('first')).json().backfill).toMatchObject({
      jobId: replaced.json().backfillJobId,
      status: 'done',
      usersChecked: 2,
    });

    await defineAchievement(t, { achievementId: 'later', status: 'INACTIVE', ...first });
    expect((await progress('later')).json()).toEqual({ achievementId: 'later', backfill: null });
  });

  it('answers 404 for an unknown achievement, 400 for an invalid id, and 401 to anyone but the admin', async () => {
    await setup(1);
    await defineAchievement(t, { achievementId: 'first', ...first });
    const unknown = await progress('nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'ACHIEVEMENT_NOT_FOUND',
      message: 'Achievement nope not found',
    });
    expect((await progress('bad%20id')).statusCode).toBe(400);
    const service = await t.inject({ method: 'GET', url: '/admin/achievement/first/backfill', headers: await t.serviceAuth() });
    expect(service.statusCode).toBe(401);
  });
});
