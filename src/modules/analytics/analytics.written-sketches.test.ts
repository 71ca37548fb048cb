import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { describeSharedApp, type TestContext } from '../../../test/helpers/test-app.js';
import { addRollups, setSketches } from './analytics.sql.js';
import { feedStage, NOW, stats } from './analytics.test-factory.js';
import { addToSketch, hashUser, shardOf, summarize } from './hll.js';
import { Statement, type Args } from '../../write-path/statement.js';
import { raw } from '../../write-path/rows-sql.js';

/** A write both stores refuse (a key column left null). */
const refused = new Statement<Args, unknown>('a refused write', (db) =>
  raw(db, sql`insert into analytics_rollups (project_id, event_id, grain, bucket, shard) values (null, '*', 'day', 0, 0)`),
);

/** More `visit` events after feedStage defined it, one batch each (awaited in turn). */
async function visit(t: TestContext, ...userIds: string[]): Promise<number> {
  const principal = { kind: 'service' as const, projectId: t.projectId, subject: 'test-service' };
  let failed = 0;
  for (const userId of userIds) {
    await t.app.services.users.create(t.projectId, userId).catch(() => undefined);
    await t.app.services.events.ingest(principal, { eventId: 'visit', userId }).catch(() => failed++);
  }
  return failed;
}

const uniqueUsers = async (t: TestContext) => (await stats(t, '?period=1d')).json().data.uniqueUsers as number;
const totalEvents = async (t: TestContext) => (await stats(t, '?period=1d')).json().data.totalEvents as number;

/**
 * Adds a user to the stored sketch of its shard's day row of `*`, as another instance's committed
 * batch would (its counters too: readers take the count as the sketch's version, decision 345).
 */
async function addedElsewhere(t: TestContext, userId: string): Promise<void> {
  const db = t.app.platform.db.kysely;
  const h = hashUser(userId);
  const where = sql`project_id = ${t.projectId} and event_id = '*' and grain = 'day' and shard = ${shardOf(h)}`;
  const rows = await sql<{ sketch: Buffer | null }>`select sketch from analytics_rollups where ${where}`.execute(db);
  expect(rows.rows).toHaveLength(1);
  const sketch = addToSketch(rows.rows[0]!.sketch, h)!;
  const s = summarize(sketch);
  await sql`update analytics_rollups set sketch = ${sketch}, sketch_exact = ${s.exact}, sketch_sum = ${s.sum},
    sketch_zeros = ${s.zeros}, count = count + 1 where ${where}`.execute(db);
}

describeSharedApp('analytics: the sketches the write path keeps of its rows (decision 352)', (t) => {
  beforeEach(() => t.setClock(NOW));
  afterEach(() => vi.restoreAllMocks());

  it('writes a batch of users its kept sketches count without reading the stored sketches back', async () => {
    await feedStage(t, [{ userId: 'a' }, { userId: 'b' }]);
    const answered = vi.spyOn(addRollups, 'run');
    const unanswered = vi.spyOn(addRollups, 'later');
    const sketches = vi.spyOn(setSketches, 'later');
    await visit(t, 'a', 'b', 'a');
    expect(answered).not.toHaveBeenCalled();
    expect(unanswered).toHaveBeenCalledTimes(3);
    expect(sketches).not.toHaveBeenCalled();
    expect(await totalEvents(t)).toBe(5);
    expect(await uniqueUsers(t)).toBe(2);

    // A user the kept sketches do not count: the stored sketches are read and written.
    await visit(t, 'c');
    expect(answered).toHaveBeenCalledTimes(1);
    expect(sketches).toHaveBeenCalledTimes(1);
    expect(await uniqueUsers(t)).toBe(3);
  });

  it('merges a new user into the stored sketch, which may count users another instance wrote', async () => {
    await feedStage(t, [{ userId: 'a' }]);
    // Another writer counts `x` in the row of its shard, which `x0` made; then this instance sees `x` (not in its copy) and `y`.
    const x0 = Array.from({ length: 64 }, (_, i) => `x${i}`).find((u) => shardOf(hashUser(u)) === shardOf(hashUser('x')))!;
    await visit(t, x0);
    await addedElsewhere(t, 'x');
    await visit(t, 'x', 'y');
    expect(await uniqueUsers(t)).toBe(4);
    // `x` again: this instance's copy now counts it.
    const answered = vi.spyOn(addRollups, 'run');
    await visit(t, 'x');
    expect(answered).not.toHaveBeenCalled();
    expect(await uniqueUsers(t)).toBe(4);
  });

  it('keeps no sketch of a batch that did not commit: the user is written again by the next batch', async () => {
    await feedStage(t, [{ userId: 'a' }]);
    // The store refuses the batch's last write, sent unanswered with the COMMIT on PostgreSQL: nothing of the batch commits.
    const broken = vi.spyOn(setSketches, 'later').mockImplementation(async (session) => session.later(refused, {}));
    expect(await visit(t, 'n')).toBe(1);
    broken.mockRestore();
    expect(await totalEvents(t)).toBe(1);
    expect(await uniqueUsers(t)).toBe(1);
    expect(await visit(t, 'n')).toBe(0);
    expect(await totalEvents(t)).toBe(2);
    expect(await uniqueUsers(t)).toBe(2);
  });

  it('forgets the sketches of a deleted project', async () => {
    await feedStage(t, [{ userId: 'a' }]);
    const kept = t.app.services.analytics.stage.sketches;
    const answered = vi.spyOn(addRollups, 'run');
    await visit(t, 'a');
    expect(answered).not.toHaveBeenCalled();
    kept.forget(t.projectId);
    await visit(t, 'a');
    expect(answered).toHaveBeenCalledTimes(1);
  });
});
