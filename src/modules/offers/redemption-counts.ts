import { monthKey } from '../../platform/time.js';
import type { BatchSession, SqlSession } from '../../write-path/session.js';
import type { OffersTable } from './offers.tables.js';
import type { RedemptionUnit } from './redemption-types.js';
import { addMonthCounts, addUserCounts, lockOffers, monthCounts, setRedeemedTotals, shopStatus, userCounts } from './redemption.sql.js';

interface Count {
  key: Record<string, string>;
  count: number;
  taken: number;
}

/** An offer as a batch holds it: its row, locked, and its redemptions so far (the stored total and the batch's). */
export interface HeldOffer {
  row: OffersTable;
  redeemed: number;
}

const k = (...parts: string[]) => parts.join('\u0000');

/**
 * The offers a batch redeems and the counters their limits are checked against (decision 040): the
 * offer rows locked, the month and per-user counts and the shops' status read behind that lock,
 * moved in memory by each redemption, and each counter written once. Limits are exact across batches
 * and instances because every redemption of an offer holds its row lock.
 */
export class RedemptionCounts {
  private readonly offers = new Map<string, HeldOffer>();
  private readonly activeShops = new Set<string>();
  private readonly months = new Map<string, Count>();
  private readonly users = new Map<string, Count>();

  /** Locks the units' offers and reads their counters and shops (the counts go out with the lock, pipelined on PostgreSQL). */
  async load(session: SqlSession, units: readonly RedemptionUnit[]): Promise<void> {
    const offerKeys = new Map(units.map((u) => [k(u.projectId, u.offerId), { project_id: u.projectId, offer_id: u.offerId }]));
    for (const u of units) {
      const month = monthKey(u.now);
      this.months.set(k(u.projectId, u.offerId, month), {
        key: { project_id: u.projectId, offer_id: u.offerId, month },
        count: 0,
        taken: 0,
      });
      this.users.set(k(u.projectId, u.offerId, u.userId), {
        key: { project_id: u.projectId, offer_id: u.offerId, user_id: u.userId },
        count: 0,
        taken: 0,
      });
    }
    const [offers, months, users] = await Promise.all([
      lockOffers.run(session, [...offerKeys.values()]),
      monthCounts.run(
        session,
        [...this.months.values()].map((c) => c.key as { project_id: string; offer_id: string; month: string }),
      ),
      userCounts.run(
        session,
        [...this.users.values()].map((c) => c.key as { project_id: string; offer_id: string; user_id: string }),
      ),
    ]);
    for (const row of offers) this.offers.set(k(row.project_id, row.offer_id), { row, redeemed: Number(row.redeemed_total) });
    for (const r of months) this.months.get(k(r.project_id, r.offer_id, r.month))!.count = Number(r.redeemed);
    for (const r of users) this.users.get(k(r.project_id, r.offer_id, r.user_id))!.count = Number(r.redeemed);
    const shops = new Map<string, { project_id: string; shop_id: string }>();
    for (const { row } of this.offers.values())
      if (row.shop_id !== null) shops.set(k(row.project_id, row.shop_id), { project_id: row.project_id, shop_id: row.shop_id });
    for (const r of await shopStatus.run(session, [...shops.values()]))
      if (r.status === 'ACTIVE') this.activeShops.add(k(r.project_id, r.shop_id));
  }

  /** The unit's offer as held (undefined: no such offer). */
  offer(projectId: string, offerId: string): HeldOffer | undefined {
    return this.offers.get(k(projectId, offerId));
  }

  /** Whether the offer's shop (if any) is ACTIVE. */
  shopActive(projectId: string, shopId: string | null): boolean {
    return shopId === null || this.activeShops.has(k(projectId, shopId));
  }

  /** Units of the offer redeemed in the unit's month so far. */
  thisMonth(u: RedemptionUnit): number {
    return this.months.get(k(u.projectId, u.offerId, monthKey(u.now)))!.count;
  }

  /** Units of the offer the unit's user redeemed so far. */
  byUser(u: RedemptionUnit): number {
    return this.users.get(k(u.projectId, u.offerId, u.userId))!.count;
  }

  /** One unit of the offer redeemed: every counter moves. */
  count(u: RedemptionUnit): void {
    this.offers.get(k(u.projectId, u.offerId))!.redeemed += 1;
    const month = this.months.get(k(u.projectId, u.offerId, monthKey(u.now)))!;
    const perUser = this.users.get(k(u.projectId, u.offerId, u.userId))!;
    month.count += 1;
    month.taken += 1;
    perUser.count += 1;
    perUser.taken += 1;
  }

  /** Sends the moved counters (per user, per month, the offers' totals, in this order) and returns their answers. */
  write(session: BatchSession): Array<Promise<unknown>> {
    return [
      addUserCounts.later(
        session,
        [...this.users.values()]
          .filter((c) => c.taken > 0)
          .map((c) => ({ ...(c.key as { project_id: string; offer_id: string; user_id: string }), redeemed: c.taken })),
      ),
      addMonthCounts.later(
        session,
        [...this.months.values()]
          .filter((c) => c.taken > 0)
          .map((c) => ({ ...(c.key as { project_id: string; offer_id: string; month: string }), redeemed: c.taken })),
      ),
      setRedeemedTotals.run(
        session,
        [...this.offers.values()]
          .filter((o) => o.redeemed !== Number(o.row.redeemed_total))
          .map((o) => ({ project_id: o.row.project_id, offer_id: o.row.offer_id, redeemed_total: o.redeemed })),
      ),
    ];
  }
}
