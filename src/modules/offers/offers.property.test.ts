import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { startOfNextMonth } from '../../platform/time.js';
import { balance, createOffer, redeem, userWithPoints } from './offers.test-factory.js';

const limit = (max: number) => fc.option(fc.integer({ min: 0, max }), { nil: null });
const scenario = fc.record({
  cost: fc.integer({ min: 0, max: 5 }),
  totalLimit: limit(6),
  monthlyLimit: limit(4),
  perUserLimit: limit(3),
  balances: fc.array(fc.integer({ min: 0, max: 15 }), { minLength: 3, maxLength: 3 }),
  ops: fc.array(
    fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({
          kind: fc.constant('redeem' as const),
          user: fc.integer({ min: 0, max: 2 }),
          quantity: fc.integer({ min: 1, max: 3 }),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'nextMonth' as const }) },
    ),
    { minLength: 1, maxLength: 10 },
  ),
});

/**
 * Any sequence of redemptions (of 1–3 units each) and month changes gives exactly the outcome of a
 * plain model of the limits and balances, and the ledger always sums to the balance.
 */
describeSharedApp('offers: redemption matches a model of limits and balances', (t) => {
  it('agrees with the model for random offers, balances and sequences', async () => {
    let run = 0;
    let now = Date.UTC(2026, 0, 10);
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        run++;
        now = startOfNextMonth(now) + 86_400_000;
        await t.setClock(now);
        const offerId = `offer${run}`;
        await createOffer(t, {
          offerId,
          points: s.cost,
          totalLimit: s.totalLimit,
          monthlyLimit: s.monthlyLimit,
          perUserLimit: s.perUserLimit,
        });
        const users = s.balances.map((_, i) => `r${run}u${i}`);
        for (const [i, u] of users.entries()) await userWithPoints(t, u, s.balances[i]!);

        const model = { total: 0, month: 0, perUser: [0, 0, 0], balances: [...s.balances] };
        for (const op of s.ops) {
          if (op.kind === 'nextMonth') {
            now = startOfNextMonth(now) + 3_600_000;
            await t.setClock(now);
            model.month = 0;
            continue;
          }
          // Every unit counts against every limit; the redemption is refused whole when one unit would not fit.
          const q = op.quantity;
          let expected: string | null = null;
          if (s.totalLimit !== null && model.total + q > s.totalLimit) expected = 'TOTAL_LIMIT_REACHED';
          else if (s.monthlyLimit !== null && model.month + q > s.monthlyLimit) expected = 'MONTHLY_LIMIT_REACHED';
          else if (s.perUserLimit !== null && model.perUser[op.user]! + q > s.perUserLimit) expected = 'USER_LIMIT_REACHED';
          else if (model.balances[op.user]! < s.cost * q) expected = 'INSUFFICIENT_POINTS';
          const res = await redeem(t, users[op.user]!, offerId, q === 1 ? {} : { metadata: { quantity: q } });
          if (expected === null) {
            expect(res.statusCode).toBe(200);
            model.total += q;
            model.month += q;
            model.perUser[op.user]! += q;
            model.balances[op.user]! -= s.cost * q;
            expect(res.json().data).toMatchObject({ balance: model.balances[op.user], pointsSpent: s.cost * q });
            expect(res.json().data.coupons).toHaveLength(q);
          } else {
            expect(res.statusCode).toBe(400);
            expect(res.json().code).toBe(expected);
          }
        }
        const stats = await t.inject({ method: 'GET', url: `/offer/${offerId}?includeStatistics=true`, headers: await t.serviceAuth() });
        expect(stats.json().totalStatistics.redeemed).toBe(model.total);
        for (const [i, u] of users.entries()) {
          expect(await balance(t, u)).toBe(model.balances[i]);
          expect(await t.app.services.points.ledgerSum(t.projectId, u)).toBe(model.balances[i]);
        }
      }),
      { numRuns: 25 },
    );
  });
});
