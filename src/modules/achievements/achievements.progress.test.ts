import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineEvent, NOW, sendEvent } from '../events/events.test-factory.js';
import { defineAchievement, userAchievement } from './achievements.test-factory.js';

/** A user's progress towards every achievement is one row (decision 289). */
describeSharedApp('achievements: progress kept in one row per user', (t) => {
  const storedEntries = async (userId: string) => {
    const r = await sql<{ progress: string }>`select progress from achievement_user_progress
      where project_id = ${t.projectId} and user_id = ${userId}`.execute(t.app.platform.db.kysely);
    return JSON.parse(r.rows[0]!.progress) as Record<string, { p: string | number }>;
  };

  it('keeps the progress of an inactive achievement while others move, and one re-created under its id starts over', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'purchase', reward: { default: 1 } });
    await defineEvent(t, { eventId: 'visit', reward: { default: 1 } });
    await t.createUser('alice');
    const counts = { criteria: { kind: 'eventCount', eventId: 'purchase', threshold: 10 } };
    await defineAchievement(t, { achievementId: 'buyer', ...counts });
    await defineAchievement(t, { achievementId: 'other', ...counts });
    await t.app.services.jobs.runUntilIdle();
    for (let i = 0; i < 3; i++) await sendEvent(t, 'alice', { eventId: 'purchase' });
    expect(await storedEntries('alice')).toMatchObject({ buyer: { p: 3 }, other: { p: 3 } });

    // Inactive, "buyer" is not read by the write path; its entry survives the writes of "other".
    const off = await t.admin('PUT', '/admin/achievement/buyer', { title: { en: 'Buyer' }, status: 'INACTIVE', ...counts });
    expect(off.statusCode).toBe(200);
    await sendEvent(t, 'alice', { eventId: 'purchase' });
    expect(await storedEntries('alice')).toMatchObject({ buyer: { p: 3 }, other: { p: 4 } });

    // Deleted and created again under the same id, now counting visits: nothing carried over.
    expect((await t.admin('DELETE', '/admin/achievement/buyer')).statusCode).toBe(204);
    await t.setClock(NOW + 60_000);
    await defineAchievement(t, { achievementId: 'buyer', criteria: { kind: 'eventCount', eventId: 'visit', threshold: 10 } });
    await t.app.services.jobs.runUntilIdle();
    expect((await userAchievement(t, 'alice', 'buyer')).json().achievement).toMatchObject({ progress: 0, unlocked: false });
    await sendEvent(t, 'alice', { eventId: 'visit' });
    expect((await userAchievement(t, 'alice', 'buyer')).json().achievement).toMatchObject({ progress: 1 });
    expect((await userAchievement(t, 'alice', 'other')).json().achievement).toMatchObject({ progress: 4 });
  });

  it('keeps a whole-number progress as a number and a sum with a fraction as its exact text, and reads rows of both kinds', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'spend', reward: { default: 1 } });
    await t.createUser('bea');
    await defineAchievement(t, {
      achievementId: 'spender',
      criteria: { kind: 'metadataSum', eventId: 'spend', field: 'amount', threshold: 20 },
    });
    await defineAchievement(t, { achievementId: 'visits', criteria: { kind: 'eventCount', eventId: 'spend', threshold: 5 } });
    await t.app.services.jobs.runUntilIdle();
    await sendEvent(t, 'bea', { eventId: 'spend', metadata: { amount: 7 } });
    expect(await storedEntries('bea')).toMatchObject({ spender: { p: 7 }, visits: { p: 1 } });
    await sendEvent(t, 'bea', { eventId: 'spend', metadata: { amount: '0.1' } });
    await sendEvent(t, 'bea', { eventId: 'spend', metadata: { amount: 0.2 } });
    expect(await storedEntries('bea')).toMatchObject({ spender: { p: '7.3' }, visits: { p: 3 } });
    // Back to a whole number: stored as a number again.
    await sendEvent(t, 'bea', { eventId: 'spend', metadata: { amount: '12.7' } });
    expect(await storedEntries('bea')).toMatchObject({ spender: { p: 20 }, visits: { p: 4 } });
    const read = (await userAchievement(t, 'bea', 'spender')).json().achievement;
    expect(read).toMatchObject({ progress: 20, unlocked: true, level: 1 });
  });
});
