import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeSharedApp, type TestContext } from '../../../test/helpers/test-app.js';
import { defineEvent, history, sendEvent } from '../events/events.test-factory.js';

/**
 * Lots against a naive model that keeps every credit on its own: credits (some pending), debits,
 * reversals of random credits and days passing (the daily job runs), on a project whose points
 * expire after AFTER_DAYS days and whose event holds its points PENDING_DAYS days.
 */
const DAY = 86_400_000;
const AFTER_DAYS = 4;
const PENDING_DAYS = 2;
const EVENT_POINTS = 25;
const START_DAY = Math.floor(Date.UTC(2027, 0, 1) / DAY);

type Op =
  | { kind: 'credit'; points: number }
  | { kind: 'pending' }
  | { kind: 'debit'; points: number }
  | { kind: 'reverse'; pick: number }
  | { kind: 'days'; days: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('credit' as const), points: fc.integer({ min: 1, max: 200 }) }),
  fc.record({ kind: fc.constant('pending' as const) }),
  fc.record({ kind: fc.constant('debit' as const), points: fc.integer({ min: 1, max: 250 }) }),
  fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 1, max: 6 }) }),
);

interface Credit {
  points: number;
  /** Day the points entered the balance (null while pending or cancelled). */
  day: number | null;
  remaining: number;
  availableDay: number | null;
  state: 'pending' | 'available' | 'cancelled';
  reversed: boolean;
}

/** The naive model: each credit with what is left of it. */
class Model {
  credits: Credit[] = [];
  balance = 0;
  constructor(public today: number) {}

  private expiresOn(c: Credit): number {
    return c.day! + AFTER_DAYS;
  }

  /** What every batch does first: expire credits past their last day, then make due pending credits available. */
  settle(): void {
    for (const c of this.credits) {
      if (c.state === 'available' && c.remaining > 0 && this.expiresOn(c) < this.today) {
        this.balance -= c.remaining;
        c.remaining = 0;
      }
    }
    for (const c of this.credits) {
      if (c.state === 'pending' && c.availableDay! <= this.today) {
        c.state = 'available';
        c.day = this.today;
        c.remaining = c.points;
        this.balance += c.points;
      }
    }
  }

  take(points: number, first: number | null = null): number {
    const live = this.credits.filter((c) => c.state === 'available' && c.remaining > 0);
    const order = [
      ...live.filter((c) => c.day === first),
      ...live.filter((c) => c.day !== first).sort((a, b) => this.expiresOn(a) - this.expiresOn(b) || a.day! - b.day!),
    ];
    let left = points;
    for (const c of order) {
      const used = Math.min(c.remaining, left);
      c.remaining -= used;
      left -= used;
    }
    this.balance -= points - left;
    return points - left;
  }

  credit(points: number): void {
    this.credits.push({ points, day: this.today, remaining: points, availableDay: null, state: 'available', reversed: false });
    this.balance += points;
  }

  pending(): void {
    this.credits.push({
      points: EVENT_POINTS,
      day: null,
      remaining: 0,
      availableDay: this.today + PENDING_DAYS + 1,
      state: 'pending',
      reversed: false,
    });
  }

  /** The expected answer of a reversal. */
  reverse(c: Credit): { points: number; unrecovered: number } {
    c.reversed = true;
    if (c.state === 'pending') {
      c.state = 'cancelled';
      return { points: 0, unrecovered: 0 };
    }
    if (this.expiresOn(c) < this.today) return { points: 0, unrecovered: c.points };
    const taken = this.take(Math.min(c.points, this.balance), c.day);
    return { points: 0 - taken, unrecovered: c.points - taken };
  }

  view() {
    const byDay = new Map<number, number>();
    for (const c of this.credits)
      if (c.state === 'available' && c.remaining > 0) byDay.set(this.expiresOn(c), (byDay.get(this.expiresOn(c)) ?? 0) + c.remaining);
    return {
      points: this.balance,
      pending: this.credits.filter((c) => c.state === 'pending').reduce((s, c) => s + c.points, 0),
      expiring: [...byDay.entries()]
        .filter(([day]) => day >= this.today)
        .sort(([a], [b]) => a - b)
        .slice(0, 3)
        .map(([day, points]) => ({ points, expiresAt: (day + 1) * DAY - 1 })),
    };
  }
}

const clockAt = (t: TestContext, day: number) => t.setClock(day * DAY + 3_600_000);

describeSharedApp('lots (property)', (t) => {
  it(
    "spend the first to expire, expire once, reverse from the credit's own lot, hold pending credits: as a naive model of single " +
      'credits does',
    async () => {
      await clockAt(t, START_DAY);
      await t.admin('PUT', `/admin/project/${t.projectId}`, { name: 'Default project', pointsExpiry: { afterDays: AFTER_DAYS } });
      await defineEvent(t, { eventId: 'buy', type: 'FIXED', reward: { default: EVENT_POINTS }, limit: null, pendingDays: PENDING_DAYS });
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
          const userId = `lots-${run}`;
          const model = new Model(START_DAY + 1 + run++ * 100);
          await clockAt(t, model.today);
          await t.createUser(userId);
          for (const o of ops) {
            if (o.kind === 'days') {
              model.today += o.days;
              await clockAt(t, model.today);
              await t.app.services.jobs.runUntilIdle();
              model.settle();
            } else if (o.kind === 'credit' || o.kind === 'debit') {
              const res = await t.admin('POST', `/admin/user/${userId}/points`, {
                points: o.kind === 'credit' ? o.points : -o.points,
                reason: 'property',
              });
              expect(res.statusCode).toBe(201);
              model.settle();
              if (o.kind === 'credit') model.credit(o.points);
              else expect(res.json().points).toBe(0 - model.take(Math.min(o.points, model.balance)));
            } else if (o.kind === 'pending') {
              expect((await sendEvent(t, userId, { eventId: 'buy' })).statusCode).toBe(200);
              model.settle();
              model.pending();
            } else {
              if (model.credits.length === 0) continue;
              const target = o.pick % model.credits.length;
              const entries = (await history(t, userId, '?sort=asc&showAll=true')).json() as Array<{
                id: string;
                type: string;
                points: number;
              }>;
              const credits = entries.filter((e) => e.type === 'EVENT' || (e.type === 'ADJUSTMENT' && e.points > 0));
              const res = await t.admin('POST', `/admin/user/${userId}/reversal`, { historyId: credits[target]!.id, reason: 'property' });
              model.settle();
              const c = model.credits[target]!;
              if (c.reversed) {
                expect(res.statusCode).toBe(409);
                continue;
              }
              expect(res.statusCode).toBe(201);
              expect(res.json()).toMatchObject(model.reverse(c));
            }
            const seen = (await t.inject({ method: 'GET', url: `/user/${userId}/points`, headers: await t.auth(userId) })).json();
            expect({ points: seen.points, pending: seen.pending, expiring: seen.expiring }).toEqual(model.view());
          }
          expect(await t.app.services.points.ledgerSum(t.projectId, userId)).toBe(model.balance);
          const all = await history(t, userId, '?showAll=true');
          const expired = (all.statusCode === 204 ? [] : all.json()) as Array<{ type: string; globalEventDateKey: string }>;
          const days = expired.filter((e) => e.type === 'EXPIRY').map((e) => e.globalEventDateKey);
          expect(new Set(days).size).toBe(days.length);
        }),
        { numRuns: 10 },
      );
    },
    300_000,
  );
});
