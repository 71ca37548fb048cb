import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, defineEvent, sendEvent } from '../events/events.test-factory.js';

type Op = { kind: 'event'; eventId: string; amount: number; concurrent: number } | { kind: 'adjust'; points: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('event' as const),
    eventId: fc.constantFrom('fixed', 'limited', 'spend', 'conditional'),
    amount: fc.integer({ min: 0, max: 500 }),
    concurrent: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ kind: fc.constant('adjust' as const), points: fc.integer({ min: -300, max: 300 }).filter((p) => p !== 0) }),
);

describeSharedApp('ledger invariant (property)', (t) => {
  it('keeps balance == sum(ledger) and never negative over random events and adjustments', async () => {
    await defineEvent(t, { eventId: 'fixed', reward: { default: 10 } });
    await defineEvent(t, { eventId: 'limited', reward: { default: 25 }, limit: 2 });
    await defineEvent(t, {
      eventId: 'spend',
      type: 'TRANSACTION',
      rewardValueField: 'amount',
      reward: { default: 0.5 },
      maximumReward: 200,
    });
    await defineEvent(t, {
      eventId: 'conditional',
      type: 'CONDITIONAL',
      reward: { default: 15 },
      conditions: { type: 'AND', conditions: [{ field: 'amount', operator: 'greater_than', value: 250 }] },
    });
    const service = await t.serviceAuth();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const userId = `prop-${run++}`;
        await t.createUser(userId);
        let expected = 0;
        for (const o of ops) {
          if (o.kind === 'adjust') {
            const res = await t.admin('POST', `/admin/user/${userId}/points`, { points: o.points, reason: 'property' });
            expect(res.statusCode).toBe(201);
            expected = Math.max(0, expected + o.points);
          } else {
            const sends = Array.from({ length: o.concurrent }, () =>
              sendEvent(t, userId, { eventId: o.eventId, metadata: { amount: o.amount } }, service),
            );
            for (const res of await Promise.all(sends)) {
              expect(res.statusCode).toBe(200);
              expected += res.json().data.points;
            }
          }
          const now = await balance(t, userId);
          expect(now).toBeGreaterThanOrEqual(0);
          expect(now).toBe(expected);
        }
        expect(await t.app.services.points.ledgerSum(t.projectId, userId)).toBe(await balance(t, userId));
      }),
      { numRuns: 20 },
    );
  });
});
