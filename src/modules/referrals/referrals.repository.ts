import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database.js';
import { Statement } from '../../write-path/statement.js';
import type { ReferralCodesTable, ReferralStatus, ReferralsTable } from './referrals.tables.js';
import './referrals.tables.js';

/** SQL of the referrals module; every query filters on project_id, except the daily sweep of `dueRewards`. */
export const referralsRepository = {
  /** Referrer rewards left `due` (decision 310: their payout unit was not submitted, e.g. the process stopped), of every project. */
  dueRewards(db: Queryable, limit: number) {
    return db
      .selectFrom('referrals')
      .select(['project_id', 'id', 'referrer_id'])
      .where('referrer_state', '=', 'due')
      .where('referrer_id', 'is not', null)
      .limit(limit);
  },

  programme(db: Queryable, projectId: string) {
    return db.selectFrom('referral_programmes').selectAll().where('project_id', '=', projectId);
  },

  saveProgramme(db: Queryable, projectId: string, settings: string, updatedAt: number) {
    return db
      .insertInto('referral_programmes')
      .values({ project_id: projectId, settings, updated_at: updatedAt })
      .onConflict((oc) => oc.column('project_id').doUpdateSet({ settings, updated_at: updatedAt }));
  },

  /** Who referred the user (no row: nobody). */
  referrerOf(db: Queryable, projectId: string, userId: string) {
    return db.selectFrom('referrals').select('referrer_id').where('project_id', '=', projectId).where('referee_id', '=', userId);
  },

  /** The referrer of the user's referral that a qualifying event may still pay. */
  unqualifiedReferrerOf(db: Queryable, projectId: string, userId: string) {
    return referralsRepository
      .referrerOf(db, projectId, userId)
      .where('qualified_at', 'is', null)
      .where('status', 'in', ['pending', 'flagged']);
  },

  codeOf(db: Queryable, projectId: string, userId: string) {
    return db.selectFrom('referral_codes').select('code').where('project_id', '=', projectId).where('user_id', '=', userId);
  },

  ownerOf(db: Queryable, projectId: string, code: string) {
    return db.selectFrom('referral_codes').select('user_id').where('project_id', '=', projectId).where('code', '=', code);
  },

  /** Inserts the code unless the user has one or the code is taken (either unique key): race-safe on both stores. */
  insertCode(db: Queryable, row: ReferralCodesTable) {
    return db
      .insertInto('referral_codes')
      .values(row)
      .onConflict((oc) => oc.doNothing());
  },

  /** The user's counts as a referrer. */
  countsOf(db: Queryable, projectId: string, userId: string) {
    return db
      .selectFrom('referrals')
      .select((eb) => [
        eb.fn.countAll<number>().as('invited'),
        sql<number>`sum(case when status = 'qualified' then 1 else 0 end)`.as('qualified'),
        sql<number>`sum(referrer_points)`.as('earned'),
      ])
      .where('project_id', '=', projectId)
      .where('referrer_id', '=', userId);
  },

  /** Referrals whose referee is one of `refereeIds` or whose id is one of `ids`. */
  referrals(db: Queryable, projectId: string, refereeIds: string[], ids: string[]) {
    return db
      .selectFrom('referrals')
      .selectAll()
      .where('project_id', '=', projectId)
      .where((eb) => eb.or([eb('referee_id', 'in', ['', ...refereeIds]), eb('id', 'in', ['', ...ids])]));
  },

  /** Fingerprints of the referees of `referrerIds`. */
  fingerprintsOf(db: Queryable, projectId: string, referrerIds: string[]) {
    return db
      .selectFrom('referrals')
      .select(['referrer_id', 'fingerprint'])
      .distinct()
      .where('project_id', '=', projectId)
      .where('referrer_id', 'in', referrerIds)
      .where('fingerprint', 'is not', null);
  },

  /** How many referrals each of `referrerIds` has been paid, in all and since `monthStart`. */
  paidCounts(db: Queryable, projectId: string, referrerIds: string[], monthStart: number) {
    return db
      .selectFrom('referrals')
      .select((eb) => [
        'referrer_id',
        eb.fn.countAll<number>().as('total'),
        sql<number>`sum(case when referrer_paid_at >= ${monthStart} then 1 else 0 end)`.as('month'),
      ])
      .where('project_id', '=', projectId)
      .where('referrer_id', 'in', referrerIds)
      .where('referrer_state', '=', 'paid')
      .groupBy('referrer_id');
  },

  /** Metadata of the users' stored events of `eventId` (whether a referee already did the qualifying event). */
  eventsOf(db: Queryable, projectId: string, userIds: string[], eventId: string) {
    return db
      .selectFrom('events')
      .select(['user_id', 'metadata'])
      .where('project_id', '=', projectId)
      .where('user_id', 'in', userIds)
      .where('event_id', '=', eventId)
      .limit(10_000);
  },

  insertReferrals(db: Queryable, rows: ReferralsTable[]) {
    return db.insertInto('referrals').values(rows);
  },

  updateReferral(db: Queryable, row: ReferralsTable) {
    const { project_id, id, ...set } = row;
    return db.updateTable('referrals').set(set).where('project_id', '=', project_id).where('id', '=', id);
  },

  find(db: Queryable, projectId: string, id: string) {
    return db.selectFrom('referrals').selectAll().where('project_id', '=', projectId).where('id', '=', id);
  },

  page(db: Queryable, projectId: string, status: ReferralStatus | undefined, after: { at: number; id: string } | undefined, limit: number) {
    let q = db.selectFrom('referrals').selectAll().where('project_id', '=', projectId);
    if (status) q = q.where('status', '=', status);
    if (after)
      q = q.where((eb) => eb.or([eb('joined_at', '<', after.at), eb.and([eb('joined_at', '=', after.at), eb('id', '<', after.id)])]));
    return q.orderBy('joined_at', 'desc').orderBy('id', 'desc').limit(limit);
  },

  /** A deleted referee: its link and fingerprint go; the referrer keeps the row (its counts). */
  forgetReferee(db: Queryable, projectId: string, userId: string) {
    return db
      .updateTable('referrals')
      .set({ referee_id: null, fingerprint: null })
      .where('project_id', '=', projectId)
      .where('referee_id', '=', userId);
  },

  /** A deleted referrer: its link goes; the referee keeps the row. */
  forgetReferrer(db: Queryable, projectId: string, userId: string) {
    return db.updateTable('referrals').set({ referrer_id: null }).where('project_id', '=', projectId).where('referrer_id', '=', userId);
  },

  deleteCode(db: Queryable, projectId: string, userId: string) {
    return db.deleteFrom('referral_codes').where('project_id', '=', projectId).where('user_id', '=', userId);
  },
};

type UserArgs = { projectId: string; userId: string };

/** A referrer's counts: how many it invited, how many qualified, what it earned (sums are null without referrals). */
type Counts = { invited: number | string; qualified: number | string | null; earned: number | string | null };

/** The reads of GET /user/{userId}/referral, compiled once (decision 269; on PostgreSQL sent together, decision 286). */
export const userReferralReads = {
  code: new Statement<UserArgs, { code: string }>('referral code of a user', (db, a) =>
    referralsRepository.codeOf(db, a.projectId, a.userId),
  ),
  /**
   * The whole view in one statement: the counts (one row, an aggregate), the code and the referrer as
   * scalar subqueries (a user has at most one code, and is the referee of at most one referral).
   */
  view: new Statement<UserArgs, Counts & { code: string | null; referrer_id: string | null }>('referral view of a user', (db, a) =>
    db
      .selectFrom(referralsRepository.countsOf(db, a.projectId, a.userId).as('c'))
      .select([
        'c.invited',
        'c.qualified',
        'c.earned',
        referralsRepository.codeOf(db, a.projectId, a.userId).limit(1).as('code'),
        referralsRepository.referrerOf(db, a.projectId, a.userId).limit(1).as('referrer_id'),
      ]),
  ),
};
