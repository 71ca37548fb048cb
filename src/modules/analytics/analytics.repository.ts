import type { Compilable } from 'kysely';
import type { Queryable } from '../../platform/db/database.js';
import { Statement, type Args } from '../../write-path/statement.js';
import { HOUR_COLUMNS, type AnalyticsRollupsTable, type HourColumn } from './analytics.tables.js';
import type { MetadataAggregate } from './metadata-stats.js';

export type RollupRow = AnalyticsRollupsTable;
export type Grain = 'day' | 'month';

/** A rollup row as the period's totals and unique users read it; `sketch` is undefined when it was not read. */
export type CoverRow = Pick<RollupRow, 'event_id' | 'grain' | 'bucket' | 'shard' | 'count' | 'points'> & { sketch?: RollupRow['sketch'] };

/** A day's counters, hours and unique-user slice summaries, summed over its shards. */
export type DayTotalsRow = Pick<
  RollupRow,
  'bucket' | 'count' | 'points' | 'condition_met' | 'condition_failed' | 'limit_reached' | HourColumn
> & {
  slices: number;
  exact_slices: number;
  exact: number | null;
  register_sum: number | null;
  zeros: number | null;
};

const COUNTERS = ['count', 'points', 'condition_met', 'condition_failed', 'limit_reached', ...HOUR_COLUMNS] as const;

/** Buckets of one read: whole months and single days. */
export interface BucketSet {
  months: number[];
  days: number[];
}

/** A day's totals between two days (GET /stats/event): compiled once (decision 269), not built per request. */
const dayTotalsOf = new Statement<{ projectId: string; eventId: string; startDay: number; endDay: number }, Record<string, unknown>>(
  'analytics day totals',
  (db, a) =>
    db
      .selectFrom('analytics_rollups')
      .select((eb) => [
        'bucket',
        ...COUNTERS.map((c) => eb.fn.sum<number>(c).as(c)),
        eb.fn.count<number>('sketch_sum').as('slices'),
        eb.fn.count<number>('sketch_exact').as('exact_slices'),
        eb.fn.sum<number>('sketch_exact').as('exact'),
        eb.fn.sum<number>('sketch_sum').as('register_sum'),
        eb.fn.sum<number>('sketch_zeros').as('zeros'),
      ])
      .where('project_id', '=', a.projectId)
      .where('event_id', '=', a.eventId)
      .where('grain', '=', 'day')
      .where('bucket', '>=', a.startDay)
      .where('bucket', '<=', a.endDay)
      .groupBy('bucket'),
);

/** The shapes of the cover read (one event or every event, `*` included; how many buckets, at most ~45 a period;
 * with or without the sketches), each compiled once. */
const coverShapes = new Map<string, Statement<Args, CoverRow>>();

function coverRowsOf(everyEvent: boolean, buckets: number, sketches: boolean): Statement<Args, CoverRow> {
  const key = `${everyEvent} ${buckets} ${sketches}`;
  let statement = coverShapes.get(key);
  if (!statement) {
    statement = new Statement<Args, CoverRow>(`analytics cover rows (${key})`, (db, a) => {
      // Without the sketches, PostgreSQL sums the lanes (decision 357); with them, `mergeLanes` does.
      const base = db.selectFrom('analytics_rollups');
      const columns = sketches
        ? base.select(['event_id', 'grain', 'bucket', 'shard', 'lane', 'count', 'points', 'sketch'])
        : base
            .select((eb) => [
              'event_id',
              'grain',
              'bucket',
              'shard',
              eb.fn.sum<number>('count').as('count'),
              eb.fn.sum<number>('points').as('points'),
            ])
            .groupBy(['event_id', 'grain', 'bucket', 'shard']);
      const q = columns
        .where('project_id', '=', a.projectId as string)
        .where('grain', '=', a.grain as string)
        .where(
          'bucket',
          'in',
          Array.from({ length: buckets }, (_, i) => a[`b${i}`] as number),
        );
      return (everyEvent ? q : q.where('event_id', '=', a.eventId as string)) as unknown as Compilable<CoverRow>;
    });
    coverShapes.set(key, statement);
  }
  return statement;
}

/**
 * One row per rollup key from the rows of its lanes (decision 357): counts and points summed, the sketch of
 * lane 0 (the only lane that has one). Rows of lane 0 alone (SQLite, one instance) come back as they are.
 */
export function mergeLanes(rows: Array<CoverRow & { lane?: number }>): CoverRow[] {
  if (rows.every((r) => Number(r.lane) === 0)) return rows;
  const byKey = new Map<string, CoverRow>();
  for (const r of rows) {
    const key = `${r.event_id}\u0000${r.grain}\u0000${r.bucket}\u0000${r.shard}`;
    const known = byKey.get(key);
    if (!known) {
      byKey.set(key, { ...r, count: Number(r.count), points: Number(r.points) });
      continue;
    }
    known.count += Number(r.count);
    known.points += Number(r.points);
    if (r.sketch !== undefined && Number(r.lane) === 0) known.sketch = r.sketch;
  }
  return [...byKey.values()];
}

/** SQL of the analytics reads; the write path's statements are in analytics.stage.ts. */
export class AnalyticsRepository {
  constructor(private readonly db: Queryable) {}

  /** Earliest day with data of an event (`*`: any), or null. */
  async firstDay(projectId: string, eventId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('analytics_rollups')
      .select((eb) => eb.fn.min('bucket').as('first'))
      .where('project_id', '=', projectId)
      .where('event_id', '=', eventId)
      .where('grain', '=', 'day')
      .executeTakeFirst();
    return row?.first == null ? null : Number(row.first);
  }

  /** Per-day totals of one event (`*`: all events) between two days, inclusive, summed over shards. */
  async dayTotals(projectId: string, eventId: string, startDay: number, endDay: number): Promise<DayTotalsRow[]> {
    return (await dayTotalsOf.rows(this.db, { projectId, eventId, startDay, endDay })) as unknown as DayTotalsRow[];
  }

  /**
   * Rows of the given month and day buckets, of one event or (null) of every event, `*` included.
   * One query per grain, each a range or list on (project_id, grain, bucket). Without `sketches` the
   * rows come without their sketch (`sketch` undefined): the period's read asks for a bucket's sketches
   * only when a row's count says they changed (decision 345). The lanes of a key (decision 357) come back as
   * one row: their counts summed (in SQL when the sketches are not read), with lane 0's sketch.
   */
  async coverRows(projectId: string, eventId: string | null, buckets: BucketSet, sketches = true): Promise<CoverRow[]> {
    const parts = [
      { grain: 'month', list: buckets.months },
      { grain: 'day', list: buckets.days },
    ].filter((p) => p.list.length > 0);
    const results = await Promise.all(
      parts.map(({ grain, list }) => {
        const args: Args = { projectId, grain, eventId: eventId ?? '*' };
        list.forEach((bucket, i) => (args[`b${i}`] = bucket));
        return coverRowsOf(eventId === null, list.length, sketches).rows(this.db, args);
      }),
    );
    const rows = results.flat();
    return sketches ? mergeLanes(rows) : rows;
  }

  /** Metadata aggregates of one event over the given buckets, summed. */
  async metadata(projectId: string, eventId: string, buckets: BucketSet): Promise<MetadataAggregate[]> {
    if (buckets.months.length === 0 && buckets.days.length === 0) return [];
    const rows = await this.db
      .selectFrom('analytics_metadata')
      .select((eb) => [
        'field',
        'value_key',
        eb.fn.sum<number>('count').as('count'),
        eb.fn.sum<number>('sum').as('sum'),
        eb.fn.min<number>('min').as('min'),
        eb.fn.max<number>('max').as('max'),
      ])
      .where('project_id', '=', projectId)
      .where('event_id', '=', eventId)
      .where((eb) => {
        const parts = [];
        if (buckets.months.length > 0) parts.push(eb.and([eb('grain', '=', 'month'), eb('bucket', 'in', buckets.months)]));
        if (buckets.days.length > 0) parts.push(eb.and([eb('grain', '=', 'day'), eb('bucket', 'in', buckets.days)]));
        return eb.or(parts);
      })
      .groupBy(['field', 'value_key'])
      .execute();
    return rows.map((r) => ({
      field: r.field,
      valueKey: r.value_key,
      count: Number(r.count),
      sum: r.sum === null ? null : Number(r.sum),
      min: r.min === null ? null : Number(r.min),
      max: r.max === null ? null : Number(r.max),
    }));
  }
}
