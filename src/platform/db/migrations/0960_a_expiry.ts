import { sql, type Kysely } from 'kysely';

/**
 * Points that expire and points held pending (docs/loyalty-economics.md, decisions 145–149):
 * the project's expiry setting, a user's lots (points by the UTC day they entered the balance),
 * pending credits on their ledger entry, and the `points.expiring` notices sent. Existing balances
 * become one undated lot each, so balance == sum of the lots from the start.
 */
export function pointsExpiry() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('projects').addColumn('points_expiry_days', 'integer').execute();
      await db.schema.alterTable('projects').addColumn('points_expiry_since', 'text').execute();
      await db.schema
        .alterTable('ledger')
        .addColumn('pending_points', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('ledger').addColumn('available_at', 'bigint').execute();
      await db.schema.alterTable('ledger').addColumn('lot', 'text').execute();
      await db.schema
        .createIndex('ledger_pending')
        .on('ledger')
        .columns(['project_id', 'user_id', 'available_at'])
        .where(sql.ref('pending_points'), '>', 0)
        .execute();
      await db.schema
        .createTable('point_lots')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('earned_on', 'text', (c) => c.notNull())
        .addColumn('remaining', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('point_lots_pk', ['project_id', 'user_id', 'earned_on'])
        .execute();
      await db.schema.createIndex('point_lots_by_day').on('point_lots').columns(['project_id', 'earned_on', 'user_id']).execute();
      await db.schema
        .createTable('expiry_notices')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('expires_on', 'text', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('expiry_notices_pk', ['project_id', 'user_id', 'expires_on'])
        .execute();
      await sql`insert into point_lots (project_id, user_id, earned_on, remaining)
        select project_id, user_id, '', points from users where points > 0`.execute(db);
    },
  };
}
