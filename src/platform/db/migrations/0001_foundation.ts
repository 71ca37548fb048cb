import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { withAutoId } from './columns.js';

/** Projects, API keys, users (with their balance), user groups, the ledger, idempotency keys. */
export function foundation(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('projects')
        .addColumn('project_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('api_keys')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('api_key_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('key_prefix', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addPrimaryKeyConstraint('api_keys_pk', ['project_id', 'api_key_id'])
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('username', 'text')
        .addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('users_pk', ['project_id', 'user_id'])
        .addCheckConstraint('users_points_not_negative', sql`points >= 0`)
        .execute();

      await db.schema
        .createTable('user_groups')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_group_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_groups_pk', ['project_id', 'user_group_id'])
        .execute();

      await withAutoId(db.schema.createTable('ledger'), dialect, 'entry_id')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('source_id', 'text', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('occurred_at', 'bigint', (c) => c.notNull())
        .addColumn('date_key', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('metadata', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ledger_user_time').on('ledger').columns(['project_id', 'user_id', 'occurred_at', 'entry_id']).execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('principal', 'text', (c) => c.notNull())
        .addColumn('idem_key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('response_body', 'text')
        .addColumn('content_type', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['project_id', 'principal', 'idem_key'])
        .execute();
      await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
    },
  };
}
