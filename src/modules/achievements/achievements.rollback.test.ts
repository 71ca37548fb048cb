import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeSharedApp, type TestContext } from '../../../test/helpers/test-app.js';
import { balance, defineEvent, NOW, sendEvent } from '../events/events.test-factory.js';
import { defineAchievement, purchaseLevels, userAchievement } from './achievements.test-factory.js';

/**
 * A batch that rolls back after it moved a user's progress and unlocked a level in memory: the write
 * path keeps users' progress rows and levels between batches (decisions 326 and 329), and the next
 * batch must work from what is stored, not from what the failed batch made of them.
 */
describeSharedApp('achievements: a batch that rolls back', (t) => {
  it('leaves no trace in the next event’s progress or unlocks', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'purchase', reward: { default: 1 } });
    await defineAchievement(t, {
      achievementId: 'p',
      criteria: { kind: 'eventCount', eventId: 'purchase' },
      levels: purchaseLevels(2, 5, 9),
    });
    await t.createUser('alice');
    expect((await sendEvent(t, 'alice', { eventId: 'purchase' })).statusCode).toBe(200);
    expect((await userAchievement(t, 'alice', 'p')).json().achievement).toMatchObject({ progress: 1, unlocked: false });

    // The second purchase reaches bronze, then its batch fails writing the progress row.
    await failProgressWrites(t, true);
    try {
      expect((await sendEvent(t, 'alice', { eventId: 'purchase' })).statusCode).not.toBe(200);
    } finally {
      await failProgressWrites(t, false);
    }
    expect((await userAchievement(t, 'alice', 'p')).json().achievement).toMatchObject({ progress: 1, unlocked: false });

    const next = await sendEvent(t, 'alice', { eventId: 'purchase' });
    expect(next.statusCode).toBe(200);
    expect(next.json().data.achievements).toEqual([{ achievementId: 'p', level: 1 }]);
    expect((await userAchievement(t, 'alice', 'p')).json().achievement).toMatchObject({ progress: 2, level: 1 });
    expect(await balance(t, 'alice')).toBe(2 + 10);

    // And the batch after it starts from that commit.
    for (let i = 0; i < 3; i++) expect((await sendEvent(t, 'alice', { eventId: 'purchase' })).statusCode).toBe(200);
    expect((await userAchievement(t, 'alice', 'p')).json().achievement).toMatchObject({ progress: 5, level: 2 });
    expect(await balance(t, 'alice')).toBe(5 + 10 + 50);
  });
});

/** Makes every update of the test project's progress rows fail (as a constraint would), or stops it. */
async function failProgressWrites(t: TestContext, on: boolean): Promise<void> {
  const db = t.app.platform.db.kysely;
  const name = sql.raw(`fail_progress_${t.projectId.replace(/\W/g, '_')}`);
  const project = sql.lit(t.projectId);
  if (t.backend === 'postgres') {
    if (!on) return void (await sql`drop trigger ${name} on achievement_user_progress`.execute(db));
    await sql`create or replace function ${name}() returns trigger language plpgsql as $$
      begin raise exception 'injected: CHECK constraint failed' using errcode = 'check_violation'; end $$`.execute(db);
    await sql`create trigger ${name} before update on achievement_user_progress
      for each row when (new.project_id = ${project}) execute function ${name}()`.execute(db);
    return;
  }
  if (!on) return void (await sql`drop trigger ${name}`.execute(db));
  await sql`create trigger ${name} before update on achievement_user_progress
    when new.project_id = ${project} begin select raise(abort, 'CHECK constraint failed'); end`.execute(db);
}
