import type { Kysely } from 'kysely';
import type { Queryable } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import { RowsInsert } from '../../write-path/rows.js';
import { Statement } from '../../write-path/statement.js';
import type { CouponsTable } from './coupons.tables.js';

/** When the user's newest coupon was issued, or null: a rewards flag of the notifications overview (a part of its one statement). */
export function lastIssuedQuery(db: Kysely<DB>, a: { projectId: string; userId: string }) {
  return db
    .selectFrom('coupons')
    .select((eb) => eb.fn.max<number | null>('created_at').as('last'))
    .where('project_id', '=', a.projectId)
    .where('user_id', '=', a.userId);
}

/** The user's unredeemed coupons valid after `now`, oldest first (GET /user/{userId}/coupons; compiled once, decision 269). */
const activeOf = new Statement<{ projectId: string; userId: string; now: number }, CouponsTable>('active coupons of a user', (db, a) =>
  db
    .selectFrom('coupons')
    .selectAll()
    .where('project_id', '=', a.projectId)
    .where('user_id', '=', a.userId)
    .where('valid_until', '>', a.now)
    .where('redeemed', '=', 0)
    .orderBy('created_at')
    .orderBy('coupon_key'),
);

/** Coupons issued by a write batch (redemptions). */
export const insertCoupons = new RowsInsert({
  description: 'coupons',
  table: 'coupons',
  columns: {
    project_id: 'text',
    coupon_key: 'text',
    user_id: 'text',
    title: 'text',
    description: 'text',
    valid_until: 'int8',
    redeemed: 'int4',
    redeemed_at: 'int8',
    metadata: 'text',
    offer_id: 'text',
    created_at: 'int8',
  },
});

/** The fields of a coupon an operator may change. */
export type CouponChanges = Pick<CouponsTable, 'title' | 'description' | 'valid_until' | 'metadata' | 'redeemed' | 'redeemed_at'>;

/** SQL of coupons outside the write path (coupons.service.ts). */
export class CouponsRepository {
  /** Inserts a coupon unless its key is taken. */
  insert(db: Queryable, row: CouponsTable) {
    return db
      .insertInto('coupons')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'coupon_key']).doNothing())
      .executeTakeFirst();
  }

  /** The user's unredeemed coupons valid after `now`, oldest first. */
  listActive(db: Queryable, projectId: string, userId: string, now: number) {
    return activeOf.rows(db, { projectId, userId, now });
  }

  /** Marks the coupon used if it is the user's, unused and still valid at `now`; resolves to the row if it did. */
  redeem(db: Queryable, projectId: string, userId: string, couponKey: string, now: number) {
    return db
      .updateTable('coupons')
      .set({ redeemed: 1, redeemed_at: now })
      .where('project_id', '=', projectId)
      .where('coupon_key', '=', couponKey)
      .where('user_id', '=', userId)
      .where('redeemed', '=', 0)
      .where('valid_until', '>', now)
      .returningAll()
      .executeTakeFirst();
  }

  find(db: Queryable, projectId: string, couponKey: string) {
    return db.selectFrom('coupons').selectAll().where('project_id', '=', projectId).where('coupon_key', '=', couponKey).executeTakeFirst();
  }

  /** Newest first, optionally of one user. */
  list(db: Queryable, projectId: string, userId: string | undefined, limit: number) {
    let query = db.selectFrom('coupons').selectAll().where('project_id', '=', projectId);
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    return query.orderBy('created_at', 'desc').orderBy('coupon_key').limit(limit).execute();
  }

  update(db: Queryable, projectId: string, couponKey: string, changes: CouponChanges) {
    return db.updateTable('coupons').set(changes).where('project_id', '=', projectId).where('coupon_key', '=', couponKey).execute();
  }

  delete(db: Queryable, projectId: string, couponKey: string) {
    return db.deleteFrom('coupons').where('project_id', '=', projectId).where('coupon_key', '=', couponKey).executeTakeFirst();
  }

  /** Coupons of an offer not redeemed and valid after `now`. */
  countValid(db: Queryable, projectId: string, offerId: string, now: number) {
    return db
      .selectFrom('coupons')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .where('offer_id', '=', offerId)
      .where('redeemed', '=', 0)
      .where('valid_until', '>', now)
      .executeTakeFirstOrThrow();
  }

  /** Keys of up to `limit` of the user's coupons (deleted in slices). */
  userCouponKeys(db: Queryable, projectId: string, userId: string, limit: number) {
    return db
      .selectFrom('coupons')
      .select('coupon_key')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .limit(limit)
      .execute();
  }

  deleteKeys(db: Queryable, projectId: string, couponKeys: string[]) {
    return db.deleteFrom('coupons').where('project_id', '=', projectId).where('coupon_key', 'in', couponKeys).executeTakeFirst();
  }
}
