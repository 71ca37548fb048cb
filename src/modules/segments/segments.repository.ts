import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database.js';
import { EARNING_TYPES } from '../points/index.js';
import type { SegmentsTable } from './segments.tables.js';
import './segments.tables.js';

/**
 * SQL of segment definitions and of the facts their rules read (decision 319). The fact queries
 * read other modules' tables (user_tiers, user_balances, ledger, events) and are returned
 * unexecuted: the service runs them on the store (evaluated now) or a write batch runs them in its
 * session (at event time). Each takes a list of users of one project: one query per page or batch.
 * The user row's own query is the users module's (userFactsQuery).
 */
export const segmentsRepository = {
  listQuery(db: Queryable, projectId: string) {
    return db.selectFrom('segments').selectAll().where('project_id', '=', projectId).orderBy('segment_id');
  },

  find(db: Queryable, projectId: string, segmentId: string): Promise<SegmentsTable | undefined> {
    return db.selectFrom('segments').selectAll().where('project_id', '=', projectId).where('segment_id', '=', segmentId).executeTakeFirst();
  },

  async insert(db: Queryable, row: SegmentsTable): Promise<boolean> {
    const r = await db
      .insertInto('segments')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'segment_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  async update(db: Queryable, row: SegmentsTable): Promise<boolean> {
    const { project_id, segment_id, created_at: _created, ...set } = row;
    const r = await db
      .updateTable('segments')
      .set(set)
      .where('project_id', '=', project_id)
      .where('segment_id', '=', segment_id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Deletes the segment unless a campaign names it; 'in-use' (with nothing deleted) when one does. */
  async removeUnused(db: Queryable, projectId: string, segmentId: string): Promise<'removed' | 'missing' | 'in-use'> {
    const user = await db
      .selectFrom('campaigns')
      .select('campaign_id')
      .where('project_id', '=', projectId)
      .where('segment_id', '=', segmentId)
      .limit(1)
      .executeTakeFirst();
    if (user) return 'in-use';
    const r = await db.deleteFrom('segments').where('project_id', '=', projectId).where('segment_id', '=', segmentId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0 ? 'removed' : 'missing';
  },

  tiersQuery(db: Queryable, projectId: string, userIds: readonly string[]) {
    return db
      .selectFrom('user_tiers')
      .select(['user_id', 'tier_id'])
      .where('project_id', '=', projectId)
      .where('user_id', 'in', [...userIds]);
  },

  /** Balances and lifetime earnings of currencies other than points. */
  balancesQuery(db: Queryable, projectId: string, userIds: readonly string[], currencies: readonly string[]) {
    return db
      .selectFrom('user_balances')
      .select(['user_id', 'currency_id', 'balance', 'lifetime'])
      .where('project_id', '=', projectId)
      .where('user_id', 'in', [...userIds])
      .where('currency_id', 'in', [...currencies]);
  },

  /** What users earned in points in all (the credits of the earning types, as lifetimeEarned). */
  pointsLifetimeQuery(db: Queryable, projectId: string, userIds: readonly string[]) {
    return db
      .selectFrom('ledger')
      .select(['user_id', sql<number | string>`coalesce(sum(points), 0)`.as('earned')])
      .where('project_id', '=', projectId)
      .where('user_id', 'in', [...userIds])
      .where('points', '>', 0)
      .where('currency', '=', 'points')
      .where('type', 'in', [...EARNING_TYPES])
      .groupBy('user_id');
  },

  /** The different lists of user groups the users' stored events named. */
  groupsQuery(db: Queryable, projectId: string, userIds: readonly string[]) {
    return db
      .selectFrom('events')
      .select(['user_id', 'user_groups'])
      .distinct()
      .where('project_id', '=', projectId)
      .where('user_id', 'in', [...userIds])
      .where('user_groups', '<>', '[]');
  },

  /** When the users' stored events of the ids named happened, from `since` on. */
  eventTimesQuery(db: Queryable, projectId: string, userIds: readonly string[], eventIds: readonly string[], since: number) {
    return db
      .selectFrom('events')
      .select(['user_id', 'event_id', 'occurred_at'])
      .where('project_id', '=', projectId)
      .where('user_id', 'in', [...userIds])
      .where('event_id', 'in', [...eventIds])
      .where('occurred_at', '>=', since);
  },
};
