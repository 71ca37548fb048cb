import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database.js';
import type { CouponUsageCounter } from '../coupons/coupons.service.js';
import type { OffersTable, ShopsTable } from './offers.tables.js';

/**
 * SQL of shops, offers and their counters. The `take*` methods are the limit checks of a
 * redemption: each is one conditional write that succeeds only while the limit has room, so
 * concurrent redemptions (and several instances) can never overshoot a limit.
 */
export class OffersRepository {
  findOffer(db: Queryable, projectId: string, offerId: string) {
    return db.selectFrom('offers').selectAll().where('project_id', '=', projectId).where('offer_id', '=', offerId).executeTakeFirst();
  }

  listOffers(db: Queryable, projectId: string) {
    return db.selectFrom('offers').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('offer_id').execute();
  }

  /** ACTIVE offers valid at `now`, optionally of one type. */
  feed(db: Queryable, projectId: string, now: number, type: string | undefined) {
    let query = db
      .selectFrom('offers')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('status', '=', 'ACTIVE')
      .where((eb) => eb.or([eb('valid_from', 'is', null), eb('valid_from', '<=', now)]))
      .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', now)]));
    if (type !== undefined) query = query.where('type', '=', type);
    return query.orderBy('created_at').orderBy('offer_id').execute();
  }

  async insertOffer(db: Queryable, row: OffersTable): Promise<boolean> {
    const r = await db.insertInto('offers').values(row).onConflict((oc) => oc.columns(['project_id', 'offer_id']).doNothing()).executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async updateOffer(db: Queryable, row: Omit<OffersTable, 'redeemed_total' | 'used_total' | 'created_at'>): Promise<boolean> {
    const { project_id, offer_id, ...fields } = row;
    const r = await db.updateTable('offers').set(fields).where('project_id', '=', project_id).where('offer_id', '=', offer_id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async deleteOffer(db: Queryable, projectId: string, offerId: string): Promise<boolean> {
    const r = await db.deleteFrom('offers').where('project_id', '=', projectId).where('offer_id', '=', offerId).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) return false;
    await db.deleteFrom('offer_month_counts').where('project_id', '=', projectId).where('offer_id', '=', offerId).execute();
    await db.deleteFrom('offer_user_counts').where('project_id', '=', projectId).where('offer_id', '=', offerId).execute();
    return true;
  }

  async monthCount(db: Queryable, projectId: string, offerId: string, month: string): Promise<number> {
    const row = await db
      .selectFrom('offer_month_counts')
      .select('redeemed')
      .where('project_id', '=', projectId)
      .where('offer_id', '=', offerId)
      .where('month', '=', month)
      .executeTakeFirst();
    return row ? Number(row.redeemed) : 0;
  }

  async userCount(db: Queryable, projectId: string, offerId: string, userId: string): Promise<number> {
    const row = await db
      .selectFrom('offer_user_counts')
      .select('redeemed')
      .where('project_id', '=', projectId)
      .where('offer_id', '=', offerId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? Number(row.redeemed) : 0;
  }

  /** Counts one redemption against totalLimit; false when the limit has no room. */
  async takeTotal(trx: Queryable, projectId: string, offerId: string): Promise<boolean> {
    const r = await trx
      .updateTable('offers')
      .set({ redeemed_total: sql<number>`redeemed_total + 1` })
      .where('project_id', '=', projectId)
      .where('offer_id', '=', offerId)
      .where((eb) => eb.or([eb('total_limit', 'is', null), eb('redeemed_total', '<', eb.ref('total_limit'))]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Counts one redemption in the month; false when monthlyLimit has no room. */
  async takeMonthly(trx: Queryable, projectId: string, offerId: string, month: string, limit: number | null): Promise<boolean> {
    if (limit !== null && limit <= 0) return false;
    const row = await trx
      .insertInto('offer_month_counts')
      .values({ project_id: projectId, offer_id: offerId, month, redeemed: 1 })
      .onConflict((oc) => {
        const update = oc.columns(['project_id', 'offer_id', 'month']).doUpdateSet({ redeemed: sql<number>`offer_month_counts.redeemed + 1` });
        return limit === null ? update : update.where('offer_month_counts.redeemed', '<', limit);
      })
      .returning('redeemed')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Counts one redemption by the user; false when perUserLimit has no room. */
  async takePerUser(trx: Queryable, projectId: string, offerId: string, userId: string, limit: number | null): Promise<boolean> {
    if (limit !== null && limit <= 0) return false;
    const row = await trx
      .insertInto('offer_user_counts')
      .values({ project_id: projectId, offer_id: offerId, user_id: userId, redeemed: 1 })
      .onConflict((oc) => {
        const update = oc.columns(['project_id', 'offer_id', 'user_id']).doUpdateSet({ redeemed: sql<number>`offer_user_counts.redeemed + 1` });
        return limit === null ? update : update.where('offer_user_counts.redeemed', '<', limit);
      })
      .returning('redeemed')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Shop statistics: the shop's offers and the sums of their counters. */
  async shopStatistics(db: Queryable, projectId: string, shopId: string) {
    const row = await db
      .selectFrom('offers')
      .select((eb) => [
        eb.fn.countAll<number>().as('offers'),
        eb.fn.coalesce(eb.fn.sum<number>('redeemed_total'), sql<number>`0`).as('redeemed'),
        eb.fn.coalesce(eb.fn.sum<number>('used_total'), sql<number>`0`).as('used'),
      ])
      .where('project_id', '=', projectId)
      .where('shop_id', '=', shopId)
      .executeTakeFirstOrThrow();
    return { offers: Number(row.offers), redeemed: Number(row.redeemed), used: Number(row.used) };
  }

  findShop(db: Queryable, projectId: string, shopId: string) {
    return db.selectFrom('shops').selectAll().where('project_id', '=', projectId).where('shop_id', '=', shopId).executeTakeFirst();
  }

  listShops(db: Queryable, projectId: string) {
    return db.selectFrom('shops').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('shop_id').execute();
  }

  async insertShop(db: Queryable, row: ShopsTable): Promise<boolean> {
    const r = await db.insertInto('shops').values(row).onConflict((oc) => oc.columns(['project_id', 'shop_id']).doNothing()).executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async updateShop(db: Queryable, row: Omit<ShopsTable, 'created_at'>): Promise<boolean> {
    const { project_id, shop_id, ...fields } = row;
    const r = await db.updateTable('shops').set(fields).where('project_id', '=', project_id).where('shop_id', '=', shop_id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async deleteShop(db: Queryable, projectId: string, shopId: string): Promise<boolean> {
    const r = await db.deleteFrom('shops').where('project_id', '=', projectId).where('shop_id', '=', shopId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}

/** Counts a used coupon on its offer (the totalStatistics `used` counter), in the coupon's transaction. */
export const offerUsageCounter: CouponUsageCounter = {
  async couponUsed(trx, projectId, offerId) {
    await trx
      .updateTable('offers')
      .set({ used_total: sql<number>`used_total + 1` })
      .where('project_id', '=', projectId)
      .where('offer_id', '=', offerId)
      .execute();
  },
};
