import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, defineEvent, NOW, sendEvent } from '../events/events.test-factory.js';
import { raw } from '../../write-path/rows-sql.js';
import { Statement, type Args } from '../../write-path/statement.js';
import { addMonthly } from './leaderboards.sql.js';
import type { RankIndex } from './rank-index.js';

/** A write both stores refuse (a key column left null), returning rows as the board's write does. */
const refused = new Statement<Args, Record<string, unknown>>('a refused write', (db) =>
  raw(
    db,
    sql`insert into leaderboard_monthly (project_id, group_id, month, user_id, points, reached_at, version)
    values (null, 'default', '2026-01', 'x', 0, 0, 1) returning *`,
  ),
);

describeSharedApp('leaderboards: the new totals, read after the commit (decision 353)', (t) => {
  beforeEach(() => t.setClock(NOW));
  afterEach(() => vi.restoreAllMocks());

  it('keeps nothing of a batch whose board write, answered only after the commit, the store refuses', async () => {
    await defineEvent(t, { eventId: 'purchase', reward: { default: 5 } });
    await t.createUser('kim');
    // The rank index takes the board's new totals in the batch's afterCommit.
    const index = (t.app.services.leaderboards as unknown as { index: RankIndex }).index;
    const sink = vi.spyOn(index, 'set');
    const broken = vi.spyOn(addMonthly, 'deferred').mockImplementation(async (session) => {
      const rows = session.deferred(refused, {});
      return { rows: () => rows };
    });
    expect((await sendEvent(t, 'kim', { eventId: 'purchase' })).statusCode).toBe(500);
    broken.mockRestore();
    expect(sink).not.toHaveBeenCalled(); // afterCommit did not run
    expect(await balance(t, 'kim')).toBe(0);
    expect(await t.app.services.events.countEvents(t.projectId, 'kim')).toBe(0);
    expect((await sendEvent(t, 'kim', { eventId: 'purchase' })).statusCode).toBe(200);
    expect(await balance(t, 'kim')).toBe(5);
    expect(sink).toHaveBeenCalled();
  });
});
