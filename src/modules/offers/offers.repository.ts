import { sql } from 'kysely';
import type { DialectName, Queryable } from '../../platform/db/database.js';
import { forShareOnPostgres, forUpdateOnPostgres } from '../../platform/db/dialect-sql.js';
import { Statement } from '../../write-path/statement.js';
import type { OffersTable, ShopsTable } from './offers.tables.js';

/** An offer (redemptions, the offer routes; compiled once, decision 269). */
const offerById = new Statement<{ projectId: string; offerId: string }, OffersTable>('offer by id', (db, a) =>
  db.selectFrom('offers').selectAll().where('project_id', '=', a.projectId).where('offer_id', '=', a.offerId),
);

/** A shop (redemptions check it is active, the offer routes; compiled once, decision 269). */
const shopById = new Statement<{ projectId: string; shopId: string }, ShopsTable>('shop by id', (db, a) =>
  db.selectFrom('shops').selectAll().where('project_id', '=', a.projectId).where('shop_id', '=', a.shopId),
);

/**
 * SQL of shops, offers and their counters. Redemptions write the counters in the write path
 * (redemption-batch.ts), under the offer's row lock, so no limit is ever overshot.
 */
export class OffersRepository {
  findOffer(db: Queryable, projectId: string, offerId: string) {
    return offerById.first(db, { projectId, offerId });
  }

  listOffers(db: Queryable, projectId: string) {
    return db.selectFrom('offers').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('offer_id').execute();
  }

  /** ACTIVE offers valid at `now` whose shop (if they name one) is ACTIVE, optionally of one type. */
  /**
   * The offers a feed is made of, whatever their validity (offer-feed.ts filters it by the time and keeps the
   * answer until the next bound): active, in an active shop or none, of the type when given.
   */
  feedCandidates(db: Queryable, projectId: string, type: string | undefined) {
    let query = db
      .selectFrom('offers as o')
      .leftJoin('shops as s', (join) => join.onRef('s.project_id', '=', 'o.project_id').onRef('s.shop_id', '=', 'o.shop_id'))
      .selectAll('o')
      .where('o.project_id', '=', projectId)
      .where('o.status', '=', 'ACTIVE')
      .where((eb) => eb.or([eb('o.shop_id', 'is', null), eb('s.status', '=', 'ACTIVE')]));
    if (type !== undefined) query = query.where('o.type', '=', type);
    return query.orderBy('o.created_at').orderBy('o.offer_id').execute();
  }

  async insertOffer(db: Queryable, row: OffersTable): Promise<boolean> {
    const r = await db
      .insertInto('offers')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'offer_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async updateOffer(db: Queryable, row: Omit<OffersTable, 'redeemed_total' | 'used_total' | 'created_at'>): Promise<boolean> {
    const { project_id, offer_id, ...fields } = row;
    const r = await db
      .updateTable('offers')
      .set(fields)
      .where('project_id', '=', project_id)
      .where('offer_id', '=', offer_id)
      .executeTakeFirst();
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
    return shopById.first(db, { projectId, shopId });
  }

  listShops(db: Queryable, projectId: string) {
    return db.selectFrom('shops').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('shop_id').execute();
  }

  async insertShop(db: Queryable, row: ShopsTable): Promise<boolean> {
    const r = await db
      .insertInto('shops')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'shop_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async updateShop(db: Queryable, row: Omit<ShopsTable, 'created_at'>): Promise<boolean> {
    const { project_id, shop_id, ...fields } = row;
    const r = await db
      .updateTable('shops')
      .set(fields)
      .where('project_id', '=', project_id)
      .where('shop_id', '=', shop_id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Whether an offer's shop lets it be offered: no shop named, or the shop exists and is ACTIVE (findShop: compiled once). */
  async shopActive(db: Queryable, projectId: string, shopId: string | null): Promise<boolean> {
    if (shopId === null) return true;
    return (await this.findShop(db, projectId, shopId))?.status === 'ACTIVE';
  }

  /**
   * The shop an offer is about to name, with its row locked against a concurrent delete
   * (`FOR SHARE` on PostgreSQL; SQLite has one writer), or undefined when there is none.
   */
  lockShopShared(db: Queryable, projectId: string, shopId: string, dialect: DialectName) {
    const query = db.selectFrom('shops').select('shop_id').where('project_id', '=', projectId).where('shop_id', '=', shopId);
    return forShareOnPostgres(query, dialect).executeTakeFirst();
  }

  /**
   * Deletes a shop that no offer names: locks the shop row first (`FOR UPDATE` on PostgreSQL), so an
   * offer being created for it either committed before (and is counted) or waits and then finds no
   * shop. Returns 'deleted', 'missing' or 'in-use'.
   */
  async deleteUnusedShop(
    trx: Queryable,
    projectId: string,
    shopId: string,
    dialect: DialectName,
  ): Promise<'deleted' | 'missing' | 'in-use'> {
    const lock = trx.selectFrom('shops').select('shop_id').where('project_id', '=', projectId).where('shop_id', '=', shopId);
    if (!(await forUpdateOnPostgres(lock, dialect).executeTakeFirst())) return 'missing';
    const named = await trx
      .selectFrom('offers')
      .select('offer_id')
      .where('project_id', '=', projectId)
      .where('shop_id', '=', shopId)
      .limit(1)
      .executeTakeFirst();
    if (named) return 'in-use';
    await trx.deleteFrom('shops').where('project_id', '=', projectId).where('shop_id', '=', shopId).execute();
    return 'deleted';
  }

  /** The offers limited to tiers, with their tiers. */
  offersWithTiers(db: Queryable, projectId: string) {
    return db
      .selectFrom('offers')
      .select(['offer_id', 'tiers'])
      .where('project_id', '=', projectId)
      .where('tiers', 'is not', null)
      .execute();
  }

  /** Up to `limit` of the user's redemption ids (deleted in slices). */
  userRedemptionIds(db: Queryable, projectId: string, userId: string, limit: number) {
    return db
      .selectFrom('redemptions')
      .select('redemption_id')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .limit(limit)
      .execute();
  }

  deleteRedemptions(db: Queryable, projectId: string, redemptionIds: string[]) {
    return db.deleteFrom('redemptions').where('project_id', '=', projectId).where('redemption_id', 'in', redemptionIds).executeTakeFirst();
  }

  /** Up to `limit` offers the user has a redemption counter of. */
  userCountedOffers(db: Queryable, projectId: string, userId: string, limit: number) {
    return db
      .selectFrom('offer_user_counts')
      .select('offer_id')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .limit(limit)
      .execute();
  }

  deleteUserCounts(db: Queryable, projectId: string, userId: string, offerIds: string[]) {
    return db
      .deleteFrom('offer_user_counts')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('offer_id', 'in', offerIds)
      .executeTakeFirst();
  }
}

/** Counts a used coupon on its offer (the totalStatistics `used` counter), in the coupon's transaction (offer-usage.ts). */
export function countCouponUse(trx: Queryable, projectId: string, offerId: string) {
  return trx
    .updateTable('offers')
    .set({ used_total: sql<number>`used_total + 1` })
    .where('project_id', '=', projectId)
    .where('offer_id', '=', offerId);
}
