import { sql, type Kysely } from 'kysely';

/**
 * Outbound webhooks (docs/webhooks.md): the endpoints an operator registers, and the outbox of
 * deliveries, one row per message and endpoint, written in the transaction of the change it
 * reports. Message ids begin with their time, so the primary key also orders an endpoint's log
 * (newest first); the partial index holds only what the dispatcher still has to send.
 */
export function webhooks() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('webhook_id', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('previous_secret', 'text')
        .addColumn('previous_secret_until', 'bigint')
        .addColumn('failing_since', 'bigint')
        .addColumn('disabled_reason', 'text')
        .addColumn('disabled_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhook_endpoints_pk', ['project_id', 'webhook_id'])
        .execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('webhook_id', 'text', (c) => c.notNull())
        .addColumn('message_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint')
        .addColumn('first_attempt_at', 'bigint')
        .addColumn('last_attempt_at', 'bigint')
        .addColumn('last_status_code', 'integer')
        .addColumn('last_response', 'text')
        .addColumn('last_error', 'text')
        .addColumn('delivered_at', 'bigint')
        .addColumn('locked_by', 'text')
        .addColumn('locked_until', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhook_deliveries_pk', ['project_id', 'webhook_id', 'message_id'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .column('next_attempt_at')
        .where(sql.ref('status'), '=', 'pending')
        .execute();
    },
  };
}
