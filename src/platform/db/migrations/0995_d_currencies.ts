import { sql, type Kysely } from 'kysely';

/**
 * Several currencies (decision 302): the currencies of a project besides `points`, a currency on each
 * ledger row (`points` for every row written before), the balances and lifetime earnings of the other
 * currencies, their lots (expiry), the currency of an offer's price and the project's tier currency.
 */
export function currencies() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('currencies')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('currency_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('spendable', 'integer', (c) => c.notNull())
        .addColumn('expiry_days', 'integer')
        .addColumn('expiry_since', 'text')
        .addColumn('levels', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('currencies_pk', ['project_id', 'currency_id'])
        .execute();
      await db.schema
        .alterTable('ledger')
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo('points'))
        .execute();
      // GET /stats/event?currency=: the event earnings of another currency by day, without touching points rows.
      await db.schema
        .createIndex('ledger_other_currencies')
        .on('ledger')
        .columns(['project_id', 'currency', 'date_key'])
        .where(sql.ref('currency'), '<>', 'points')
        .execute();
      await db.schema
        .createTable('user_balances')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('currency_id', 'text', (c) => c.notNull())
        .addColumn('balance', 'bigint', (c) => c.notNull())
        .addColumn('lifetime', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_balances_pk', ['project_id', 'user_id', 'currency_id'])
        .execute();
      await db.schema
        .createTable('currency_lots')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('currency_id', 'text', (c) => c.notNull())
        .addColumn('earned_on', 'text', (c) => c.notNull())
        .addColumn('remaining', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('currency_lots_pk', ['project_id', 'user_id', 'currency_id', 'earned_on'])
        .execute();
      await db.schema.alterTable('projects').addColumn('tier_currency', 'text').execute();
      // Challenges and surveys may pay another currency (null: points); streak milestones name theirs in their JSON.
      await db.schema.alterTable('challenges').addColumn('currency', 'text').execute();
      await db.schema.alterTable('surveys').addColumn('currency', 'text').execute();
      await db.schema.alterTable('achievements').addColumn('currency', 'text').execute();
      await db.schema
        .alterTable('offers')
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo('points'))
        .execute();
    },
  };
}
