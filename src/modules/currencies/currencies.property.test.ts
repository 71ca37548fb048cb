import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineEvent, sendEvent } from '../events/events.test-factory.js';
import { createOffer, redeem } from '../offers/offers.test-factory.js';
import { adjust, defineCurrency, wallet } from './currencies.test-factory.js';

type Op =
  | { kind: 'event'; amount: number; concurrent: number }
  | { kind: 'adjust'; points: number; currency: 'points' | 'coins' | 'xp' }
  | { kind: 'redeem'; offerId: 'mug' | 'pen'; concurrent: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('event' as const), amount: fc.integer({ min: 0, max: 300 }), concurrent: fc.integer({ min: 1, max: 3 }) }),
  fc.record({
    kind: fc.constant('adjust' as const),
    points: fc.integer({ min: -200, max: 200 }).filter((p) => p !== 0),
    currency: fc.constantFrom('points' as const, 'coins' as const, 'xp' as const),
  }),
  fc.record({
    kind: fc.constant('redeem' as const),
    offerId: fc.constantFrom('mug' as const, 'pen' as const),
    concurrent: fc.integer({ min: 1, max: 3 }),
  }),
);

describeSharedApp('currencies: the ledger invariant per currency (property)', (t) => {
  it('keeps each balance == sum of its ledger ≥ 0, and xp lifetime == its earnings, over random concurrent writes', async () => {
    await defineCurrency(t, { currencyId: 'coins', title: { en: 'Coins' }, spendable: true });
    await defineCurrency(t);
    await defineEvent(t, {
      eventId: 'buy',
      type: 'TRANSACTION',
      rewardValueField: 'amount',
      reward: { default: 1 },
      currencyRewards: { coins: { default: 0.5 }, xp: { default: 2 } },
      maximumRewards: { coins: 100 },
    });
    await createOffer(t, { offerId: 'mug', points: 40, currency: 'coins' });
    await createOffer(t, { offerId: 'pen', points: 30 });
    const service = await t.serviceAuth();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const userId = `prop-${run++}`;
        await t.createUser(userId);
        let xpEarned = 0;
        for (const o of ops) {
          if (o.kind === 'adjust') {
            expect((await adjust(t, userId, o.points, o.currency === 'points' ? undefined : o.currency)).statusCode).toBe(201);
          } else if (o.kind === 'event') {
            const sends = Array.from({ length: o.concurrent }, () =>
              sendEvent(t, userId, { eventId: 'buy', metadata: { amount: o.amount } }, service),
            );
            for (const res of await Promise.all(sends)) {
              expect(res.statusCode).toBe(200);
              xpEarned +=
                (res.json().data.rewards as Array<{ currency: string; points: number }>).find((r) => r.currency === 'xp')?.points ?? 0;
            }
          } else {
            const tries = await Promise.all(Array.from({ length: o.concurrent }, () => redeem(t, userId, o.offerId)));
            for (const res of tries) expect([200, 400]).toContain(res.statusCode);
          }
          const w = await wallet(t, userId);
          for (const currency of ['points', 'coins', 'xp']) {
            expect(w[currency]!.balance).toBeGreaterThanOrEqual(0);
            expect(await t.app.services.points.ledgerSum(t.projectId, userId, currency)).toBe(w[currency]!.balance);
          }
          expect(w.xp!.lifetime).toBe(xpEarned);
        }
      }),
      { numRuns: 6 },
    );
  });
});
