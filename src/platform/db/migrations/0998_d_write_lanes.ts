import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { HOUR_COLUMNS } from './0500_analytics_jobs.js';

/** Most lanes the instances of one PostgreSQL store take in turn (`write_lanes`); lane 0 is everyone's. */
export const WRITE_LANES = 8;

const ROLLUP_COUNTERS = ['count', 'points', 'condition_met', 'condition_failed', 'limit_reached', ...HOUR_COLUMNS];
const ROLLUP_KEYS = ['project_id', 'event_id', 'grain', 'bucket', 'shard'];
const METADATA_KEYS = ['project_id', 'event_id', 'grain', 'bucket', 'field', 'value_key'];

/**
 * Write lanes for the analytics rows every batch of a project shares (decision 357). The rollups and the
 * metadata aggregates get a `lane` in their primary key: each instance of a PostgreSQL store adds its
 * batches' counts to the rows of its own lane (taken from the cycling sequence `write_lanes` at start),
 * so two instances' batches no longer wait for each other's COMMIT on the same rows; readers sum the
 * lanes. Existing rows are lane 0, which also keeps every unique-user sketch. SQLite has one writer and
 * writes lane 0 only; it rebuilds the two tables, as it cannot change a primary key in place.
 */
export function writeLanes(dialect: DialectName) {
  const blob = dialect === 'sqlite' ? 'blob' : 'bytea';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') {
        for (const [table, keys] of [
          ['analytics_rollups', ROLLUP_KEYS],
          ['analytics_metadata', METADATA_KEYS],
        ] as const) {
          await sql`alter table ${sql.table(table)} add column lane integer not null default 0`.execute(db);
          await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_pk`)}`.execute(db);
          await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_pk`)}
            primary key (${sql.join([...keys, 'lane'].map((k) => sql.id(k)))})`.execute(db);
        }
        await sql`create sequence write_lanes minvalue 1 maxvalue ${sql.lit(WRITE_LANES)} cycle`.execute(db);
        return;
      }
      let rollups = db.schema
        .createTable('analytics_rollups_lanes')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('grain', 'text', (c) => c.notNull())
        .addColumn('bucket', 'integer', (c) => c.notNull())
        .addColumn('shard', 'integer', (c) => c.notNull())
        .addColumn('lane', 'integer', (c) => c.notNull().defaultTo(0));
      for (const c of ROLLUP_COUNTERS) rollups = rollups.addColumn(c, 'bigint', (b) => b.notNull().defaultTo(0));
      await rollups
        .addColumn('sketch', sql.raw(blob))
        .addColumn('sketch_exact', 'bigint')
        .addColumn('sketch_sum', 'double precision')
        .addColumn('sketch_zeros', 'integer')
        .addPrimaryKeyConstraint('analytics_rollups_pk', [...ROLLUP_KEYS, 'lane'] as never)
        .execute();
      const rollupColumns = [...ROLLUP_KEYS, ...ROLLUP_COUNTERS, 'sketch', 'sketch_exact', 'sketch_sum', 'sketch_zeros'];
      await copy(db, 'analytics_rollups', rollupColumns);
      await db.schema.createIndex('analytics_rollups_bucket').on('analytics_rollups').columns(['project_id', 'grain', 'bucket']).execute();

      await db.schema
        .createTable('analytics_metadata_lanes')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('grain', 'text', (c) => c.notNull())
        .addColumn('bucket', 'integer', (c) => c.notNull())
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('value_key', 'text', (c) => c.notNull())
        .addColumn('lane', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addColumn('sum', 'double precision')
        .addColumn('min', 'double precision')
        .addColumn('max', 'double precision')
        .addPrimaryKeyConstraint('analytics_metadata_pk', [...METADATA_KEYS, 'lane'] as never)
        .execute();
      await copy(db, 'analytics_metadata', [...METADATA_KEYS, 'count', 'sum', 'min', 'max']);
    },
  };
}

/** SQLite: moves a table's rows into its rebuilt `<table>_lanes` (lane 0) and gives the new table the old name. */
async function copy(db: Kysely<unknown>, table: string, columns: string[]): Promise<void> {
  const list = sql.join(columns.map((c) => sql.id(c)));
  await sql`insert into ${sql.table(`${table}_lanes`)} (${list}) select ${list} from ${sql.table(table)}`.execute(db);
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(`${table}_lanes`).renameTo(table).execute();
}
