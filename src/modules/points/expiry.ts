import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database.js';
import { RowsInsert } from '../../platform/db/rows.js';
import type { Platform } from '../../platform/platform.js';
import { dateKey } from '../../platform/time.js';
import { addDays, expiring, type ExpiryPolicy } from './lots.js';
import './lots.tables.js';
import type { UserDataOwner } from '../users/index.js';
import { userKey, type BatchPart, type WriteBatch, type WriteParticipant, type WriteUnit } from './write-batch.js';
import { ledgerOf, type WritePath } from './write-path.js';

/** Users settled per write-path group by the daily job. */
const SETTLE_PAGE = 200;
/** `points.expiring` is sent this many days before the points' last day (decision 145). */
export const EXPIRING_NOTICE_DAYS = 7;

/** What GET /user/{userId}/points adds: points waiting to become available, and the next expiry days. */
export interface UserEconomy {
  pending: number;
  expiring: Array<{ points: number; expiresAt: number }>;
}

const insertNotices = new RowsInsert({
  description: 'points expiring notices',
  table: 'expiry_notices',
  columns: { project_id: 'text', user_id: 'text', expires_on: 'text', points: 'int8', created_at: 'int8' },
  conflict: (oc) => oc.columns(['project_id', 'user_id', 'expires_on']).doNothing(),
});

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
  readonly participant: WriteParticipant = {
    name: 'points-settle',
    kind: 'points-settle',
    begin: (batch) => new SettleBatch(batch, this.platform.db.kysely),
  };

  constructor(
    private readonly platform: Platform,
    private readonly writes: WritePath,
  ) {}

  private get db() {
    return this.platform.db.kysely;
  }

  /** The daily task: settles every user with lots near or past their last day, or pending credits due. */
  async settleAll(now: number): Promise<number> {
    let settled = 0;
    const projects = await this.db.selectFrom('projects').select('project_id').orderBy('project_id').execute();
    for (const { project_id: projectId } of projects) {
      const policy = await this.writes.expiry.policy(projectId);
      if (policy) {
        // Lots whose last day is at most EXPIRING_NOTICE_DAYS away: earned on or before this day
        // (undated lots and lots from before `since` count from `since`).
        const cutoff = addDays(dateKey(now), EXPIRING_NOTICE_DAYS - policy.afterDays);
        if (policy.since <= cutoff) {
          settled += await this.settlePages(projectId, (after) =>
            this.db
              .selectFrom('point_lots')
              .select('user_id')
              .distinct()
              .where('project_id', '=', projectId)
              .where('earned_on', '<=', cutoff)
              .where('user_id', '>', after)
              .orderBy('user_id')
              .limit(SETTLE_PAGE)
              .execute(),
          );
        }
      }
      settled += await this.settlePages(projectId, (after) =>
        this.db
          .selectFrom('ledger')
          .select('user_id')
          .distinct()
          .where('project_id', '=', projectId)
          .where(sql<boolean>`pending_points > 0`)
          .where('available_at', '<=', now)
          .where('user_id', '>', after)
          .orderBy('user_id')
          .limit(SETTLE_PAGE)
          .execute(),
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
      await this.writes.submitGroup(userIds.map((userId): WriteUnit => ({ kind: 'points-settle', projectId, userId })));
      count += userIds.length;
      after = userIds[userIds.length - 1]!;
    }
  }

  /** GET /user/{userId}/points: pending points and the next three expiry days (none while expiry is off). */
  async userEconomy(projectId: string, userId: string): Promise<UserEconomy> {
    const now = this.platform.clock.now();
    const [pending, lots, policy] = await Promise.all([
      this.db
        .selectFrom('ledger')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('pending_points'), sql<number>`0`).as('total'))
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .where(sql<boolean>`pending_points > 0`)
        .executeTakeFirst(),
      this.db
        .selectFrom('point_lots')
        .select(['earned_on', 'remaining'])
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .execute(),
      this.writes.expiry.policy(projectId),
    ]);
    const byDay = new Map(lots.map((r) => [r.earned_on, Number(r.remaining)]));
    return {
      pending: Number(pending?.total ?? 0),
      expiring: expiring(byDay, policy, now).map(({ points, expiresAt }) => ({ points, expiresAt })),
    };
  }

  /** The user's lots and notices (user deletion, after the ledger). */
  async deleteUserData(projectId: string, userId: string): Promise<number> {
    const lots = await this.db
      .deleteFrom('point_lots')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const notices = await this.db
      .deleteFrom('expiry_notices')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(lots.numDeletedRows) + Number(notices.numDeletedRows);
  }
}

/** A `points-settle` unit: the ledger settled the user when the batch loaded; this sends `points.expiring`. */
class SettleBatch implements BatchPart {
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
      const rows = await this.batch.session.execute(
        this.db
          .selectFrom('expiry_notices')
          .select(['user_id', 'expires_on'])
          .where('project_id', '=', projectId)
          .where('user_id', 'in', userIds)
          .where('expires_on', '>=', today),
      );
      for (const r of rows) this.sent.add(`${userKey(projectId, r.user_id)}\u0000${r.expires_on}`);
    }
  }

  apply(unit: WriteUnit): { userId: string; notified: number } {
    const ledger = ledgerOf(this.batch);
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
