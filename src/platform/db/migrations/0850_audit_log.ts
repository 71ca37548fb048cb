import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/** The audit log (docs/api.md, Audit log): one row per admin change, with the object before and after. */
export function auditLog(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('audit_log')
        .addColumn('row_id', dialect === 'sqlite' ? 'integer' : 'bigserial', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('resource', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .execute();
      await db.schema.createIndex('audit_log_time').on('audit_log').columns(['project_id', 'at']).execute();
      await db.schema.createIndex('audit_log_resource').on('audit_log').columns(['project_id', 'resource', 'resource_id', 'at']).execute();
    },
  };
}
