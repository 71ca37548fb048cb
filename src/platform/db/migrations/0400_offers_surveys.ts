import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Shops, offers (with their limit counters), redemptions, coupons, surveys (answers and per-option
 * counters) and notification markers. Limits and "answered once" are enforced by these keys.
 */
export function offersSurveys(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('shops')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('shop_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('logo', 'text')
        .addColumn('image', 'text')
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('shops_pk', ['project_id', 'shop_id'])
        .execute();

      await db.schema
        .createTable('offers')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('offer_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('category', 'text')
        .addColumn('shop_id', 'text')
        .addColumn('image', 'text')
        .addColumn('monthly_limit', 'bigint')
        .addColumn('total_limit', 'bigint')
        .addColumn('per_user_limit', 'bigint')
        .addColumn('valid_from', 'bigint')
        .addColumn('valid_until', 'bigint')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('coupon_validity_days', 'integer', (c) => c.notNull())
        .addColumn('redeemed_total', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('used_total', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('offers_pk', ['project_id', 'offer_id'])
        .execute();
      await db.schema.createIndex('offers_shop').on('offers').columns(['project_id', 'shop_id']).execute();

      await db.schema
        .createTable('offer_month_counts')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('offer_id', 'text', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('redeemed', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('offer_month_counts_pk', ['project_id', 'offer_id', 'month'])
        .execute();

      await db.schema
        .createTable('offer_user_counts')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('offer_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('redeemed', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('offer_user_counts_pk', ['project_id', 'offer_id', 'user_id'])
        .execute();
      await db.schema.createIndex('offer_user_counts_user').on('offer_user_counts').columns(['project_id', 'user_id']).execute();

      await db.schema
        .createTable('redemptions')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('redemption_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('offer_id', 'text', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('coupon_key', 'text', (c) => c.notNull())
        .addColumn('metadata', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('redemptions_pk', ['project_id', 'redemption_id'])
        .execute();
      await db.schema.createIndex('redemptions_user').on('redemptions').columns(['project_id', 'user_id']).execute();

      await db.schema
        .createTable('coupons')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('coupon_key', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('valid_until', 'bigint', (c) => c.notNull())
        .addColumn('redeemed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('redeemed_at', 'bigint')
        .addColumn('metadata', 'text', (c) => c.notNull())
        .addColumn('offer_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('coupons_pk', ['project_id', 'coupon_key'])
        .execute();
      await db.schema.createIndex('coupons_user').on('coupons').columns(['project_id', 'user_id', 'valid_until']).execute();
      await db.schema.createIndex('coupons_offer').on('coupons').columns(['project_id', 'offer_id', 'redeemed', 'valid_until']).execute();

      await db.schema
        .createTable('surveys')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('survey_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('valid_from', 'bigint', (c) => c.notNull())
        .addColumn('valid_until', 'bigint')
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('answered_total', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('activated_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('surveys_pk', ['project_id', 'survey_id'])
        .execute();

      await db.schema
        .createTable('survey_answers')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('survey_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('responses', 'text', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('survey_answers_pk', ['project_id', 'survey_id', 'user_id'])
        .execute();
      await db.schema.createIndex('survey_answers_user').on('survey_answers').columns(['project_id', 'user_id']).execute();

      await db.schema
        .createTable('survey_option_counts')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('survey_id', 'text', (c) => c.notNull())
        .addColumn('option_id', 'text', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('survey_option_counts_pk', ['project_id', 'survey_id', 'option_id'])
        .execute();

      await db.schema
        .createTable('notification_markers')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('section', 'text', (c) => c.notNull())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_markers_pk', ['project_id', 'user_id', 'section'])
        .execute();
    },
  };
}
