import { sql } from 'kysely';
import type { DialectName, Queryable } from '../../platform/db/database.js';
import { HOUR_COLUMNS, type AnalyticsRollupsTable, type HourColumn } from './analytics.tables.js';
import type { SqliteStatements } from '../../platform/db/sqlite-statements.js';
import { summarize } from './hll.js';
import type { MetadataAggregate, MetadataIncrement } from './metadata-stats.js';

export type RollupRow = AnalyticsRollupsTable;
export type Grain = 'day' | 'month';

/** A rollup row as the period's totals and unique users read it. */
export type CoverRow = Pick<RollupRow, 'event_id' | 'grain' | 'bucket' | 'shard' | 'count' | 'points' | 'sketch'>;

/** A day's counters, hours and unique-user slice summaries, summed over its shards. */
export type DayTotalsRow = Pick<RollupRow, 'bucket' | 'count' | 'points' | 'condition_met' | 'condition_failed' | 'limit_reached' | HourColumn> & {
  slices: number;
  exact_slices: number;
  exact: number | null;
  register_sum: number | null;
  zeros: number | null;
};

const ROLLUP_KEY = ['project_id', 'event_id', 'grain', 'bucket', 'shard'] as const;
const COUNTERS = ['count', 'points', 'condition_met', 'condition_failed', 'limit_reached', ...HOUR_COLUMNS] as const;

/** Buckets of one read: whole months and single days. */
export interface BucketSet {
  months: number[];
  days: number[];
}

/** SQL of the analytics rollups; writes take the event's transaction. */
const INSERT_COLUMNS = [...ROLLUP_KEY, ...COUNTERS] as const;
const METADATA_COLUMNS = ['project_id', 'event_id', 'grain', 'bucket', 'field', 'value_key', 'count', 'sum', 'min', 'max'] as const;

/** SQLite hot-path SQL (prepared once): the same upserts as the Kysely ones below. */
const SQLITE = {
  rollups: (rows: number) =>
    `insert into analytics_rollups (${INSERT_COLUMNS.join(', ')}) values ${Array.from({ length: rows }, () => `(${INSERT_COLUMNS.map(() => '?').join(', ')})`).join(', ')} ` +
    `on conflict (${ROLLUP_KEY.join(', ')}) do update set ${COUNTERS.map((c) => `${c} = analytics_rollups.${c} + excluded.${c}`).join(', ')} returning event_id, grain, sketch`,
  sketch:
    'update analytics_rollups set sketch = ?, sketch_exact = ?, sketch_sum = ?, sketch_zeros = ? where project_id = ? and event_id = ? and grain = ? and bucket = ? and shard = ?',
  metadata:
    `insert into analytics_metadata (${METADATA_COLUMNS.join(', ')}) values (${METADATA_COLUMNS.map(() => '?').join(', ')}) ` +
    'on conflict (project_id, event_id, grain, bucket, field, value_key) do update set count = analytics_metadata.count + excluded.count, ' +
    'sum = analytics_metadata.sum + excluded.sum, min = min(analytics_metadata.min, excluded.min), max = max(analytics_metadata.max, excluded.max)',
};

export class AnalyticsRepository {
  constructor(
    private readonly db: Queryable,
    private readonly dialect: DialectName,
    private readonly sqlite: SqliteStatements | null = null,
  ) {}

  /**
   * Adds the rows' counters to the stored ones (inserting missing rows) in one statement and
   * returns the stored sketches, so the caller can fold the user in.
   */
  async addRollups(trx: Queryable, rows: RollupRow[]): Promise<Array<Pick<RollupRow, 'event_id' | 'grain' | 'sketch'>>> {
    if (this.sqlite?.usable(trx)) {
      const values = rows.flatMap((r) => INSERT_COLUMNS.map((c) => r[c]));
      return this.sqlite.statement(SQLITE.rollups(rows.length)).all(...values) as Array<Pick<RollupRow, 'event_id' | 'grain' | 'sketch'>>;
    }
    return trx
      .insertInto('analytics_rollups')
      .values(rows)
      .onConflict((oc) =>
        oc.columns([...ROLLUP_KEY]).doUpdateSet((eb) => Object.fromEntries(COUNTERS.map((c) => [c, eb(`analytics_rollups.${c}`, '+', eb.ref(`excluded.${c}`))]))),
      )
      .returning(['event_id', 'grain', 'sketch'])
      .execute();
  }

  async setSketch(trx: Queryable, key: Pick<RollupRow, 'project_id' | 'event_id' | 'grain' | 'bucket' | 'shard'>, sketch: Buffer): Promise<void> {
    const summary = summarize(sketch);
    if (this.sqlite?.usable(trx)) {
      this.sqlite.statement(SQLITE.sketch).run(sketch, summary.exact, summary.sum, summary.zeros, key.project_id, key.event_id, key.grain, key.bucket, key.shard);
      return;
    }
    await trx
      .updateTable('analytics_rollups')
      .set({ sketch, sketch_exact: summary.exact, sketch_sum: summary.sum, sketch_zeros: summary.zeros })
      .where('project_id', '=', key.project_id)
      .where('event_id', '=', key.event_id)
      .where('grain', '=', key.grain)
      .where('bucket', '=', key.bucket)
      .where('shard', '=', key.shard)
      .execute();
  }

  async addMetadata(trx: Queryable, projectId: string, eventId: string, buckets: Array<{ grain: Grain; bucket: number }>, increments: MetadataIncrement[]) {
    if (increments.length === 0) return;
    if (this.sqlite?.usable(trx)) {
      const stmt = this.sqlite.statement(SQLITE.metadata);
      for (const b of buckets) for (const i of increments) stmt.run(projectId, eventId, b.grain, b.bucket, i.field, i.valueKey, i.count, i.sum, i.min, i.max);
      return;
    }
    const least = sql.raw(this.dialect === 'sqlite' ? 'min' : 'least');
    const greatest = sql.raw(this.dialect === 'sqlite' ? 'max' : 'greatest');
    const rows = buckets.flatMap((b) =>
      increments.map((i) => ({ project_id: projectId, event_id: eventId, grain: b.grain, bucket: b.bucket, field: i.field, value_key: i.valueKey, count: i.count, sum: i.sum, min: i.min, max: i.max })),
    );
    await trx
      .insertInto('analytics_metadata')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['project_id', 'event_id', 'grain', 'bucket', 'field', 'value_key']).doUpdateSet((eb) => ({
          count: eb('analytics_metadata.count', '+', eb.ref('excluded.count')),
          sum: eb('analytics_metadata.sum', '+', eb.ref('excluded.sum')),
          min: sql<number>`${least}(analytics_metadata.min, excluded.min)`,
          max: sql<number>`${greatest}(analytics_metadata.max, excluded.max)`,
        })),
      )
      .execute();
  }

  async admittedValues(trx: Queryable, projectId: string, eventId: string, field: string): Promise<string[]> {
    const rows = await trx
      .selectFrom('analytics_metadata_values')
      .select('value')
      .where('project_id', '=', projectId)
      .where('event_id', '=', eventId)
      .where('field', '=', field)
      .execute();
    return rows.map((r) => r.value);
  }

  /** Admits a category value while the field has fewer than `cap`; true when it was added. */
  async admitValue(trx: Queryable, projectId: string, eventId: string, field: string, value: string, cap: number): Promise<boolean> {
    const r = await sql`
      insert into analytics_metadata_values (project_id, event_id, field, value)
      select ${projectId}, ${eventId}, ${field}, ${value}
      where (select count(*) from analytics_metadata_values where project_id = ${projectId} and event_id = ${eventId} and field = ${field}) < ${cap}
      on conflict do nothing`.execute(trx);
    return Number(r.numAffectedRows ?? 0) > 0;
  }

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
    const rows = await this.db
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
      .where('project_id', '=', projectId)
      .where('event_id', '=', eventId)
      .where('grain', '=', 'day')
      .where('bucket', '>=', startDay)
      .where('bucket', '<=', endDay)
      .groupBy('bucket')
      .execute();
    return rows as unknown as DayTotalsRow[];
  }

  /**
   * Rows of the given month and day buckets; of one event, or of every event but `*` when null.
   * One query per grain, each a range or list on (project_id, grain, bucket).
   */
  async coverRows(projectId: string, eventId: string | null, buckets: BucketSet): Promise<CoverRow[]> {
    const parts = [
      { grain: 'month', list: buckets.months },
      { grain: 'day', list: buckets.days },
    ].filter((p) => p.list.length > 0);
    const results = await Promise.all(
      parts.map(({ grain, list }) => {
        let q = this.db
          .selectFrom('analytics_rollups')
          .select(['event_id', 'grain', 'bucket', 'shard', 'count', 'points', 'sketch'])
          .where('project_id', '=', projectId)
          .where('grain', '=', grain)
          .where('bucket', 'in', list);
        q = eventId === null ? q.where('event_id', '!=', '*') : q.where('event_id', '=', eventId);
        return q.execute();
      }),
    );
    return results.flat();
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
