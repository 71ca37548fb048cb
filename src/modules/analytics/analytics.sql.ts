/** The statements of the analytics stage (analytics.stage.ts), in one place for review (docs/sql.md). */
import { sql } from 'kysely';
import { KeyedUpdate, RowsAdd, RowsInsert, type PgType } from '../../write-path/rows.js';
import { Statement } from '../../write-path/statement.js';
import { HOUR_COLUMNS, type AnalyticsRollupsTable } from './analytics.tables.js';

export const COUNTERS = ['count', 'points', 'condition_met', 'condition_failed', 'limit_reached', ...HOUR_COLUMNS] as const;
export type Counter = (typeof COUNTERS)[number];

const smaller = (column: 'min' | 'max', op: '<' | '>') =>
  sql.raw<number>(
    `case when excluded.${column} ${op} analytics_metadata.${column} then excluded.${column} else analytics_metadata.${column} end`,
  );

/**
 * Adds a batch's counters to the rollup rows of a lane (decision 357); returns the stored sketches (with
 * their keys) so the batch can fold its users in (lane 0, the only lane with sketches).
 */
export const addRollups = new RowsAdd<
  'analytics_rollups',
  Record<'project_id' | 'event_id' | 'grain' | 'bucket' | 'shard' | 'lane', PgType>,
  Record<Counter, PgType>,
  Record<never, PgType>,
  Pick<AnalyticsRollupsTable, 'project_id' | 'event_id' | 'grain' | 'bucket' | 'shard' | 'sketch'>
>({
  description: 'analytics rollups',
  table: 'analytics_rollups',
  keys: { project_id: 'text', event_id: 'text', grain: 'text', bucket: 'int4', shard: 'int4', lane: 'int4' },
  sums: Object.fromEntries(COUNTERS.map((c) => [c, 'int8'])) as Record<Counter, PgType>,
  returning: ['sketch'],
  // Not the 30 counters: the stage folds its users into the sketches and writes nothing else back.
  answers: ['project_id', 'event_id', 'grain', 'bucket', 'shard', 'sketch'],
});

/** Sets the sketches of rollup rows (lane 0). */
export const setSketches = new KeyedUpdate({
  description: 'analytics unique-user sketches',
  table: 'analytics_rollups',
  keys: { project_id: 'text', event_id: 'text', grain: 'text', bucket: 'int4', shard: 'int4', lane: 'int4' },
  set: { sketch: 'bytea', sketch_exact: 'int8', sketch_sum: 'float8', sketch_zeros: 'int4' },
});

/** Adds a batch's metadata aggregates to the rows of its instance's lane (decision 357). */
export const addMetadata = new RowsInsert({
  description: 'analytics metadata aggregates',
  table: 'analytics_metadata',
  columns: {
    project_id: 'text',
    event_id: 'text',
    grain: 'text',
    bucket: 'int4',
    field: 'text',
    value_key: 'text',
    lane: 'int4',
    count: 'int8',
    sum: 'float8',
    min: 'float8',
    max: 'float8',
  },
  conflict: (oc) =>
    oc.columns(['project_id', 'event_id', 'grain', 'bucket', 'field', 'value_key', 'lane']).doUpdateSet({
      count: sql<number>`analytics_metadata.count + excluded.count`,
      sum: sql<number>`analytics_metadata.sum + excluded.sum`,
      min: smaller('min', '<'),
      max: smaller('max', '>'),
    }),
});

export const admittedValues = new Statement<{ projectId: string; eventId: string; field: string }, { value: string }>(
  'admitted category values',
  (db, a) =>
    db
      .selectFrom('analytics_metadata_values')
      .select('value')
      .where('project_id', '=', a.projectId)
      .where('event_id', '=', a.eventId)
      .where('field', '=', a.field),
);

/** Admits a category value while the field has fewer than `cap` (another instance may be admitting too). */
export const admitValue = new Statement<{ projectId: string; eventId: string; field: string; value: string; cap: number }>(
  'admit a category value',
  (db, a) => ({
    compile: () =>
      sql`insert into analytics_metadata_values (project_id, event_id, field, value)
      select ${a.projectId}, ${a.eventId}, ${a.field}, ${a.value}
      where (select count(*) from analytics_metadata_values
             where project_id = ${a.projectId} and event_id = ${a.eventId} and field = ${a.field}) < ${a.cap}
      on conflict do nothing`.compile(db),
  }),
);
