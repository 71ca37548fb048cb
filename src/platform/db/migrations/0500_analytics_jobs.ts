import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/** Hour columns h0…h23 of the analytics rollups (events per UTC hour). */
export const HOUR_COLUMNS = Array.from({ length: 24 }, (_, h) => `h${h}` as const);

/**
 * Durable jobs (user deletion, daily tasks), the analytics rollups kept by the event pipeline,
 * and the deletion mark on users.
 */
export function analyticsJobs(dialect: DialectName) {
  const blob = dialect === 'sqlite' ? 'blob' : 'bytea';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('jobs')
        .addColumn('job_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('subject', 'text')
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('processed', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('dedup_key', 'text', (c) => c.unique())
        .addColumn('run_after', 'bigint', (c) => c.notNull())
        .addColumn('locked_by', 'text')
        .addColumn('locked_until', 'bigint')
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('jobs_claimable').on('jobs').columns(['status', 'run_after']).execute();
      await db.schema.createIndex('jobs_subject').on('jobs').columns(['project_id', 'kind', 'subject', 'status']).execute();

      let rollups = db.schema
        .createTable('analytics_rollups')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('grain', 'text', (c) => c.notNull())
        .addColumn('bucket', 'integer', (c) => c.notNull())
        .addColumn('shard', 'integer', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('condition_met', 'bigint', (c) => c.notNull())
        .addColumn('condition_failed', 'bigint', (c) => c.notNull())
        .addColumn('limit_reached', 'bigint', (c) => c.notNull());
      for (const h of HOUR_COLUMNS) rollups = rollups.addColumn(h, 'bigint', (c) => c.notNull().defaultTo(0));
      await rollups
        .addColumn('sketch', sql.raw(blob))
        .addColumn('sketch_exact', 'bigint')
        .addColumn('sketch_sum', 'double precision')
        .addColumn('sketch_zeros', 'integer')
        .addPrimaryKeyConstraint('analytics_rollups_pk', ['project_id', 'event_id', 'grain', 'bucket', 'shard'])
        .execute();
      // The global view reads every event's rows of a few buckets.
      await db.schema.createIndex('analytics_rollups_bucket').on('analytics_rollups').columns(['project_id', 'grain', 'bucket']).execute();

      await db.schema
        .createTable('analytics_metadata')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('grain', 'text', (c) => c.notNull())
        .addColumn('bucket', 'integer', (c) => c.notNull())
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('value_key', 'text', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addColumn('sum', 'double precision')
        .addColumn('min', 'double precision')
        .addColumn('max', 'double precision')
        .addPrimaryKeyConstraint('analytics_metadata_pk', ['project_id', 'event_id', 'grain', 'bucket', 'field', 'value_key'])
        .execute();

      await db.schema
        .createTable('analytics_metadata_values')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('analytics_metadata_values_pk', ['project_id', 'event_id', 'field', 'value'])
        .execute();

      await db.schema.alterTable('users').addColumn('deleted_at', 'bigint').execute();
    },
  };
}
