import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database.js';
import {
  currencyLotsOf,
  historyPageStatement,
  liveBalanceOf,
  lotsOf,
  pendingByCurrencyOf,
  pendingOfUser,
  pursesOf,
  walletPointsOf,
} from './user-reads.sql.js';
import './lots.tables.js';
import './reversals.tables.js';
import './purses.tables.js';

/** Which page of a user's history to read (history.ts). */
export interface HistoryPageQuery {
  dir: 'asc' | 'desc';
  /** Also the entries of 0 points. */
  showAll: boolean;
  /** The page starts after this entry. */
  after: { occurredAt: number; entryId: number } | null;
  limit: number;
  /** The currency whose entries are read. */
  currency: string;
}

/**
 * SQL of the points module outside the write path: balances and sums, the history, the expiry
 * job's pages, user deletion. The write path's statements are in points.sql.ts.
 */
export class PointsRepository {
  /** The balance of a live user (not being deleted). */
  liveBalance(db: Queryable, projectId: string, userId: string) {
    return liveBalanceOf.first(db, { projectId, userId });
  }

  /** The wallet's points figures (balance of a live user, pending credits, lifetime earnings) in one statement. */
  walletPoints(db: Queryable, projectId: string, userId: string) {
    return walletPointsOf.first(db, { projectId, userId });
  }

  ledgerSum(db: Queryable, projectId: string, userId: string, currency = 'points') {
    return db
      .selectFrom('ledger')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), sql<number>`0`).as('total'))
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('currency', '=', currency)
      .executeTakeFirstOrThrow();
  }

  /** The user's oldest `limit` entries (deleted in slices). */
  oldestEntries(db: Queryable, projectId: string, userId: string, limit: number) {
    return db
      .selectFrom('ledger')
      .select(['entry_id', 'points', 'currency'])
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .orderBy('occurred_at')
      .orderBy('entry_id')
      .limit(limit)
      .execute();
  }

  deleteEntries(db: Queryable, projectId: string, entryIds: number[]) {
    return db.deleteFrom('ledger').where('project_id', '=', projectId).where('entry_id', 'in', entryIds).execute();
  }

  /** Takes `removed` points off the balance, floored at 0. */
  takeOffBalance(db: Queryable, projectId: string, userId: string, removed: number) {
    return db
      .updateTable('users')
      .set({ points: sql<number>`case when points - ${removed} < 0 then 0 else points - ${removed} end` })
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** One page of a user's history, each entry with the number of earlier entries of its source at its millisecond. */
  historyPage(db: Queryable, projectId: string, userId: string, query: HistoryPageQuery) {
    const { after } = query;
    return historyPageStatement(query.dir, query.showAll, after !== null).rows(db, {
      projectId,
      userId,
      afterAt: after?.occurredAt ?? 0,
      afterId: after?.entryId ?? 0,
      limit: query.limit + 1,
      currency: query.currency,
    });
  }

  /** The entries of one history id (type, source and millisecond), in write order. */
  historyEntries(
    db: Queryable,
    projectId: string,
    userId: string,
    id: { type: string; sourceId: string; occurredAt: number },
    currency: string,
  ) {
    return db
      .selectFrom('ledger')
      .select(['entry_id', 'type', 'source_id', 'points', 'pending_points', 'available_at', 'occurred_at', 'title'])
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('type', '=', id.type)
      .where('source_id', '=', id.sourceId)
      .where('occurred_at', '=', id.occurredAt)
      .where('currency', '=', currency)
      .orderBy('entry_id')
      .execute();
  }

  deleteReversals(db: Queryable, projectId: string, userId: string) {
    return db.deleteFrom('reversals').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
  }

  /** The project's expiry settings (a query: the write path runs it in its batch's session). */
  expirySettings(db: Queryable, projectId: string) {
    return db.selectFrom('projects').select(['points_expiry_days', 'points_expiry_since']).where('project_id', '=', projectId);
  }

  allProjects(db: Queryable) {
    return db.selectFrom('projects').select('project_id').orderBy('project_id').execute();
  }

  /** A page of the users with lots earned on or before `cutoff`, after the user `after`. */
  usersWithLotsBy(db: Queryable, projectId: string, cutoff: string, after: string, limit: number) {
    return db
      .selectFrom('point_lots')
      .select('user_id')
      .distinct()
      .where('project_id', '=', projectId)
      .where('earned_on', '<=', cutoff)
      .where('user_id', '>', after)
      .orderBy('user_id')
      .limit(limit)
      .execute();
  }

  /** A page of the users with points, after the user `after` (the expiry job, decision 350). */
  usersWithPoints(db: Queryable, projectId: string, after: string, limit: number) {
    return db
      .selectFrom('users')
      .select('user_id')
      .where('project_id', '=', projectId)
      .where('points', '>', 0)
      .where('deleted_at', 'is', null)
      .where('user_id', '>', after)
      .orderBy('user_id')
      .limit(limit)
      .execute();
  }

  /** A page of the users with pending credits due at `now`, after the user `after`. */
  usersWithPendingDue(db: Queryable, projectId: string, now: number, after: string, limit: number) {
    return db
      .selectFrom('ledger')
      .select('user_id')
      .distinct()
      .where('project_id', '=', projectId)
      .where(sql<boolean>`pending_points > 0`)
      .where('available_at', '<=', now)
      .where('user_id', '>', after)
      .orderBy('user_id')
      .limit(limit)
      .execute();
  }

  pendingTotal(db: Queryable, projectId: string, userId: string, currency = 'points') {
    return pendingOfUser.first(db, { projectId, userId, currency });
  }

  /** The user's pending credits per currency other than points. */
  pendingByCurrency(db: Queryable, projectId: string, userId: string) {
    return pendingByCurrencyOf.rows(db, { projectId, userId });
  }

  /** The user's balances, lifetime earnings and lots in currencies other than points. */
  pursesOfUser(db: Queryable, projectId: string, userId: string) {
    return pursesOf.rows(db, { projectId, userId });
  }

  /** What events paid in a currency other than points per UTC day and event, in a range of days (pending included). */
  eventEarnings(db: Queryable, projectId: string, currency: string, from: string, to: string, eventId: string | null) {
    let q = db
      .selectFrom('ledger')
      .select(['date_key', 'source_id', (eb) => eb.fn.sum<number>(sql<number>`points + pending_points`).as('points')])
      .where('project_id', '=', projectId)
      .where('currency', '=', currency)
      .where('currency', '<>', 'points')
      .where('date_key', '>=', from)
      .where('date_key', '<=', to)
      .where('type', '=', 'EVENT');
    if (eventId !== null) q = q.where('source_id', '=', eventId);
    return q.groupBy(['date_key', 'source_id']).execute();
  }

  purseOfUser(db: Queryable, projectId: string, userId: string, currency: string) {
    return db
      .selectFrom('user_balances')
      .select('balance')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('currency_id', '=', currency)
      .executeTakeFirst();
  }

  currencyLotsOfUser(db: Queryable, projectId: string, userId: string) {
    return currencyLotsOf.rows(db, { projectId, userId });
  }

  deletePursesOfUser(db: Queryable, projectId: string, userId: string) {
    return db.deleteFrom('user_balances').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
  }

  deleteCurrencyLotsOfUser(db: Queryable, projectId: string, userId: string) {
    return db.deleteFrom('currency_lots').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
  }

  lotsOfUser(db: Queryable, projectId: string, userId: string) {
    return lotsOf.rows(db, { projectId, userId });
  }

  deleteLotsOfUser(db: Queryable, projectId: string, userId: string) {
    return db.deleteFrom('point_lots').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
  }

  deleteNoticesOfUser(db: Queryable, projectId: string, userId: string) {
    return db.deleteFrom('expiry_notices').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
  }

  /** The expiry notices already sent to the users for days from `today` on (a query: run in the batch's session). */
  sentNotices(db: Queryable, projectId: string, userIds: string[], today: string) {
    return db
      .selectFrom('expiry_notices')
      .select(['user_id', 'expires_on'])
      .where('project_id', '=', projectId)
      .where('user_id', 'in', userIds)
      .where('expires_on', '>=', today);
  }
}

/** The one instance (it holds no state). */
export const pointsRepository = new PointsRepository();
