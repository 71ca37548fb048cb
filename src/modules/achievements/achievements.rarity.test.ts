import { expect, it } from 'vitest';
import { describeSharedApp, type TestContext } from '../../../test/helpers/test-app.js';
import { defineEvent, NOW, sendEvent } from '../events/events.test-factory.js';
import { defineAchievement } from './achievements.test-factory.js';

/** Rarity reads the kept counts (decisions 277, 287): right after every change of the project's users. */
describeSharedApp('achievements: rarity as users come and go', (t) => {
  async function setup() {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'purchase', reward: { default: 10 } });
    await defineAchievement(t, { achievementId: 'first', criteria: { kind: 'eventCount', eventId: 'purchase', threshold: 1 } });
  }

  async function rarity(t: TestContext, reader = 'reader'): Promise<number> {
    const res = await t.inject({ method: 'GET', url: '/achievement/first', headers: await t.auth(reader) });
    expect(res.statusCode).toBe(200);
    return res.json().rarity as number;
  }

  const deleteUser = async (userId: string) =>
    expect((await t.inject({ method: 'DELETE', url: `/user/${userId}`, headers: await t.serviceAuth() })).statusCode).toBe(200);

  it('counts users right after POST /user', async () => {
    await setup();
    await t.createUser('alice');
    await sendEvent(t, 'alice', { eventId: 'purchase' });
    expect(await rarity(t)).toBe(1);
    await t.createUser('bob');
    expect(await rarity(t)).toBe(0.5);
    await t.createUser('carol');
    await t.createUser('dave');
    expect(await rarity(t)).toBe(0.25);
  });

  it('counts users created by their first event (autoCreateUsers), in the batch that created them', async () => {
    await setup();
    const res = await t.admin('PUT', `/admin/project/${t.projectId}`, { name: 'Rarity', autoCreateUsers: true });
    expect(res.statusCode).toBe(200);
    await t.createUser('alice');
    expect((await sendEvent(t, 'bob', { eventId: 'purchase' })).json().data.achievements).toEqual([{ achievementId: 'first', level: 1 }]);
    expect(await rarity(t)).toBe(0.5);
    const bulk = await t.inject({
      method: 'POST',
      url: '/events',
      headers: await t.serviceAuth(),
      payload: { events: ['carol', 'dave', 'carol'].map((userId) => ({ eventId: 'purchase', userId })) },
    });
    expect(bulk.statusCode).toBe(200);
    expect(await rarity(t)).toBe(0.75);
  });

  it('is right at once after DELETE /user, before the deletion job has run, and after it', async () => {
    await setup();
    for (const u of ['alice', 'bob', 'carol', 'dave']) await t.createUser(u);
    await sendEvent(t, 'alice', { eventId: 'purchase' });
    await sendEvent(t, 'bob', { eventId: 'purchase' });
    expect(await rarity(t)).toBe(0.5);
    await deleteUser('carol'); // did not unlock: 2 of 3
    expect(await rarity(t)).toBeCloseTo(2 / 3, 10);
    await deleteUser('alice'); // unlocked: 1 of 2, though its unlock is still stored
    expect(await rarity(t)).toBe(0.5);
    await t.app.services.jobs.runUntilIdle();
    expect(await rarity(t)).toBe(0.5);
    await deleteUser('bob');
    expect(await rarity(t)).toBe(0);
    await t.app.services.jobs.runUntilIdle();
    expect(await rarity(t)).toBe(0);
    // Re-created, alice starts over: 0 of 2 until she unlocks again.
    await t.createUser('alice');
    expect(await rarity(t)).toBe(0);
    await sendEvent(t, 'alice', { eventId: 'purchase' });
    expect(await rarity(t)).toBe(0.5);
  });
});
