import type { Queryable } from '../../platform/db/database.js';
import type { Platform } from '../../platform/platform.js';
import { dateKey } from '../../platform/time.js';
import { addDays, expiring, lotsOfBalance, type ExpiryPolicy } from './lots.js';
import './lots.tables.js';
import type { UserDataOwner } from '../users/index.js';
import { defineParticipant } from '../../write-path/participant.js';
import { userKey, type BatchPart, type WriteBatch, type WriteUnit } from '../../write-path/write-batch.js';
import type { ExpirySettings } from './expiry-settings.js';
import { ledgerIn } from './ledger-batch.js';
import type { WritePath } from '../../write-path/write-path.js';
import { pointsRepository } from './points.repository.js';
import { insertNotices } from './points.sql.js';

/** Users settled per write-path group by the daily job. */
const SETTLE_PAGE = 200;
/** `points.expiring` is sent this many days before the points' last day (decision 145). */
export const EXPIRING_NOTICE_DAYS = 7;
/**
 * For this many days after the points from before `since` expired, the job still visits every user
 * with points (a job that did not run on the day catches up; decision 350).
 */
const CATCH_UP_DAYS = 7;

/** What GET /user/{userId}/points adds: points waiting to become available, and the next expiry days. */
/** A `points-settle` unit: the daily job's visit of a user with something due (decided by the ledger's load). */
export interface PointsSettleUnit extends WriteUnit {
  kind: 'points-settle';
}

declare module '../../write-path/write-batch.js' {
  interface WriteKinds {
    'points-settle': { unit: PointsSettleUnit; result: { userId: string; notified: number } };
  }
}

export interface UserEconomy {
  pending: number;
  expiring: Array<{ points: number; expiresAt: number }>;
}

/**
 * Expiry and pending points over time (docs/loyalty-economics.md). The work itself is done by the
 * ledger part of every batch, under the user's lock (ledger-batch.ts: settle): lots past their last
 * day expire and due pending credits become available. The daily task `points-settle` sends the
 * users who have something due — and nothing else to make them pass the write path — through it as
 * `points-settle` units, which also send `points.expiring` once per user and day of expiry. Running
 * it again (a retry, a second instance) finds nothing due and changes nothing.
 */
export class PointsExpiryService implements UserDataOwner {
  readonly userDataName = 'point-lots';
  readonly participant = defineParticipant<SettleBatch>({
    name: 'points-settle',
    kind: 'points-settle',
    after: ['ledger'],
    provides: ['notices'],
    begin: (batch) => new SettleBatch(batch, this.platform.db.kysely),
  });

  constructor(
    private readonly platform: Platform,
    private readonly writes: WritePath,
    /** Each project's expiry setting (the points service's, which the ledger reads too). */
    private readonly settings: ExpirySettings,
  ) {}

  private get db() {
    return this.platform.db.kysely;
  }

  /** The daily task: settles every user with lots near or past their last day, or pending credits due. */
  async settleAll(now: number): Promise<number> {
    let settled = 0;
    const projects = await pointsRepository.allProjects(this.db);
    for (const { project_id: projectId } of projects) {
      const policy = await this.settings.policy(projectId);
      if (policy) {
        // Lots whose last day is at most EXPIRING_NOTICE_DAYS away: earned on or before this day
        // (undated lots and lots from before `since` count from `since`).
        const today = dateKey(now);
        const cutoff = addDays(today, EXPIRING_NOTICE_DAYS - policy.afterDays);
        if (policy.since <= cutoff) {
          // Points from before `since` are lots only once their user's next write has counted them
          // (decision 350): until a while after they expire, every user with points is visited.
          const sinceLotsDue = today <= addDays(policy.since, policy.afterDays + CATCH_UP_DAYS);
          settled += await this.settlePages(projectId, (after) =>
            sinceLotsDue
              ? pointsRepository.usersWithPoints(this.db, projectId, after, SETTLE_PAGE)
              : pointsRepository.usersWithLotsBy(this.db, projectId, cutoff, after, SETTLE_PAGE),
          );
        }
      }
      settled += await this.settlePages(projectId, (after) =>
        pointsRepository.usersWithPendingDue(this.db, projectId, now, after, SETTLE_PAGE),
      );
    }
    return settled;
  }

  private async settlePages(projectId: string, page: (after: string) => Promise<Array<{ user_id: string }>>): Promise<number> {
    let after = '';
    let count = 0;
    for (;;) {
      const userIds = (await page(after)).map((r) => r.user_id);
      if (userIds.length === 0) return count;
      await this.writes.submitGroup(userIds.map((userId): PointsSettleUnit => ({ kind: 'points-settle', projectId, userId })));
      count += userIds.length;
      after = userIds[userIds.length - 1]!;
    }
  }

  /**
   * GET /user/{userId}/points: pending points and the next three expiry days of the user's `balance`
   * (none while expiry is off).
   */
  async userEconomy(projectId: string, userId: string, balance: number): Promise<UserEconomy> {
    const now = this.platform.clock.now();
    const [pending, lots, policy] = await Promise.all([
      pointsRepository.pendingTotal(this.db, projectId, userId),
      pointsRepository.lotsOfUser(this.db, projectId, userId),
      this.settings.policy(projectId),
    ]);
    return {
      pending: Number(pending?.total ?? 0),
      expiring: expiring(lotsOfBalance(lots, balance, policy), policy, now).map(({ points, expiresAt }) => ({ points, expiresAt })),
    };
  }

  /** The user's lots and notices (user deletion, after the ledger). */
  async deleteUserData(projectId: string, userId: string): Promise<number> {
    const lots = await pointsRepository.deleteLotsOfUser(this.db, projectId, userId);
    const others = await pointsRepository.deleteCurrencyLotsOfUser(this.db, projectId, userId);
    const notices = await pointsRepository.deleteNoticesOfUser(this.db, projectId, userId);
    return Number(lots.numDeletedRows) + Number(others.numDeletedRows) + Number(notices.numDeletedRows);
  }
}

/** A `points-settle` unit: the ledger settled the user when the batch loaded; this sends `points.expiring`. */
class SettleBatch implements BatchPart<'points-settle'> {
  private readonly sent = new Set<string>();
  private readonly rows: Array<Parameters<typeof insertNotices.run>[1][number]> = [];

  constructor(
    private readonly batch: WriteBatch,
    private readonly db: Queryable,
  ) {}

  async load(): Promise<void> {
    const units = this.batch.unitsOf('points-settle');
    if (units.length === 0) return;
    const today = dateKey(this.batch.now);
    for (const projectId of new Set(units.map((u) => u.projectId))) {
      const userIds = [...new Set(units.filter((u) => u.projectId === projectId).map((u) => u.userId))];
      const rows = await this.batch.session.execute(pointsRepository.sentNotices(this.db, projectId, userIds, today));
      for (const r of rows) this.sent.add(`${userKey(projectId, r.user_id)}\u0000${r.expires_on}`);
    }
  }

  apply(unit: PointsSettleUnit): { userId: string; notified: number } {
    const ledger = ledgerIn(this.batch);
    if (!ledger.isLive(unit.projectId, unit.userId)) return { userId: unit.userId, notified: 0 };
    const policy: ExpiryPolicy | null = ledger.policyOf(unit.projectId);
    const last = addDays(dateKey(this.batch.now), EXPIRING_NOTICE_DAYS);
    let notified = 0;
    for (const day of expiring(new Map(ledger.lotsOf(unit.projectId, unit.userId)), policy, this.batch.now, Number.MAX_SAFE_INTEGER)) {
      if (day.expiresOn > last) break;
      const k = `${userKey(unit.projectId, unit.userId)}\u0000${day.expiresOn}`;
      if (this.sent.has(k)) continue;
      this.sent.add(k);
      notified++;
      this.rows.push({
        project_id: unit.projectId,
        user_id: unit.userId,
        expires_on: day.expiresOn,
        points: day.points,
        created_at: this.batch.now,
      });
      this.batch.notify({
        type: 'points.expiring',
        projectId: unit.projectId,
        userId: unit.userId,
        occurredAt: this.batch.now,
        data: {
          userId: unit.userId,
          points: day.points,
          expiresOn: day.expiresOn,
          expiresAt: day.expiresAt,
          balance: ledger.balance(unit.projectId, unit.userId),
        },
      });
    }
    return { userId: unit.userId, notified };
  }

  async write(): Promise<void> {
    await insertNotices.run(this.batch.session, this.rows);
  }
}
