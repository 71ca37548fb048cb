import { sql } from 'kysely';
import pg from 'pg';
import { beforeEach, expect, it } from 'vitest';
import { describeSharedApp, type TestContext } from '../../../test/helpers/test-app.js';
import { feedStage, NOW, stats } from './analytics.test-factory.js';
import { dayNumber } from '../../platform/time.js';
import { monthBucket } from './periods.js';
import type { AnalyticsRollupsTable } from './analytics.tables.js';

const visitOf = (userId: string) => ({ userId, metadata: { shop: 'berlin', amount: 3 } });

/** More `visit` events after feedStage defined it, sent at once (they share batches). */
async function more(t: TestContext, userIds: string[]): Promise<void> {
  const principal = { kind: 'service' as const, projectId: t.projectId, subject: 'test-service' };
  for (const userId of new Set(userIds)) await t.app.services.users.create(t.projectId, userId).catch(() => undefined);
  await Promise.all(userIds.map((userId) => t.app.services.events.ingest(principal, { eventId: 'visit', ...visitOf(userId) })));
}

/** The project's rollup rows of `*`'s day, summed per lane. */
async function lanes(t: TestContext): Promise<Map<number, number>> {
  const { rows } = await sql<{ lane: number; count: number }>`select lane, sum(count) as count from analytics_rollups
    where project_id = ${t.projectId} and event_id = '*' and grain = 'day' group by lane`.execute(t.app.platform.db.kysely);
  return new Map(rows.map((r) => [Number(r.lane), Number(r.count)]));
}

describeSharedApp("analytics: an instance adds its counted batches to its own lane's rows (decision 357)", (t) => {
  beforeEach(() => t.setClock(NOW));

  it('answers the sum of every lane: counts, hours and metadata, with the unique users of lane 0', async () => {
    await feedStage(t, [visitOf('a'), visitOf('b')]);
    // Rows as another instance writes to its lane: counts, no sketch.
    const db = t.app.platform.db.kysely;
    const day = dayNumber(NOW);
    const month = monthBucket(NOW);
    const { rows } = await sql<Record<string, unknown>>`select * from analytics_rollups where project_id = ${t.projectId}`.execute(db);
    for (const r of rows)
      await db
        .insertInto('analytics_rollups')
        .values({
          ...(r as object as AnalyticsRollupsTable),
          lane: 7,
          count: 2,
          points: 0,
          h10: 2,
          sketch: null,
          sketch_exact: null,
          sketch_sum: null,
          sketch_zeros: null,
        })
        .execute();
    await db
      .insertInto('analytics_metadata')
      .values(
        (['day', 'month'] as const).map((grain) => ({
          project_id: t.projectId,
          event_id: 'visit',
          grain,
          bucket: grain === 'day' ? day : month,
          field: 'amount',
          value_key: '#',
          lane: 7,
          count: 1,
          sum: 9,
          min: 9,
          max: 9,
        })),
      )
      .execute();
    const sketchRows = rows.length;
    expect(sketchRows).toBeGreaterThan(0);

    const all = (await stats(t, '?period=1d')).json().data;
    // Two events, and 2 more per row of lane 7: one row per scope, grain and users' shard.
    const extra = (2 * rows.filter((r) => r.event_id === '*' && r.grain === 'day').length) as number;
    expect(all).toMatchObject({ totalEvents: 2 + extra, uniqueUsers: 2 });
    expect(all.dailyData['2026-03-15'].events).toBe(2 + extra);
    expect(all.dailyData['2026-03-15'].hourlyDistribution[10]).toBe(2 + extra);
    const visit = (await stats(t, '?period=current_month&eventId=visit')).json().data;
    expect(visit).toMatchObject({ totalCount: 2 + extra, uniqueUsers: 2 });
    expect(visit.metadataStats.amount).toMatchObject({ kind: 'number', count: 3, min: 3, max: 9, avg: 5 });
  });

  // SQLite has one writer: it writes lane 0 only, and takes no lane.
  it.skipIf(t.backend !== 'postgres')("adds the counts of a batch whose users the kept sketches count to the instance's lane", async () => {
    const lane = t.app.services.analytics.stage.lane;
    expect(lane).toBeGreaterThan(0);
    await feedStage(t, [visitOf('a'), visitOf('b')]);
    expect(await lanes(t)).toEqual(new Map([[0, 2]]));
    await more(t, ['a', 'b', 'a']);
    expect(await lanes(t)).toEqual(
      new Map([
        [0, 2],
        [lane, 3],
      ]),
    );
    expect((await stats(t, '?period=1d')).json().data).toMatchObject({ totalEvents: 5, uniqueUsers: 2 });
    // A new user changes the sketches: that batch writes lane 0.
    await more(t, ['c']);
    expect((await lanes(t)).get(0)).toBe(3);
    expect((await stats(t, '?period=1d')).json().data).toMatchObject({ totalEvents: 6, uniqueUsers: 3 });
  });

  it.skipIf(t.backend !== 'postgres')("answers a counted batch while another instance's batch holds the rows of lane 0", async () => {
    const lane = t.app.services.analytics.stage.lane;
    await feedStage(t, [visitOf('a'), visitOf('b')]);
    const holder = new pg.Client({ connectionString: t.storeUrls().databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      // What another instance's batch holds until its COMMIT: lane 0's rollups, its own lane's metadata.
      await holder.query('select 1 from analytics_rollups where project_id = $1 and lane = 0 for update', [t.projectId]);
      await holder.query('select 1 from analytics_metadata where project_id = $1 and lane <> $2 for update', [t.projectId, lane]);
      const batch = more(t, ['a', 'b']).then(() => 'answered' as const);
      const outcome = await Promise.race([batch, waitUntilLockWait(holder).then(() => 'waited for a lock' as const)]);
      expect(outcome).toBe('answered');
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
    }
    expect((await stats(t, '?period=1d')).json().data).toMatchObject({ totalEvents: 4, uniqueUsers: 2 });
  });
});

async function waitUntilLockWait(client: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await client.query(`select pid from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`);
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
