import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, history } from '../events/events.test-factory.js';

/** Credits, debits and reversals of random earlier credits, some sent at once, against a naive model. */
type Op = { kind: 'credit'; points: number } | { kind: 'debit'; points: number } | { kind: 'reverse'; pick: number; together: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('credit' as const), points: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ kind: fc.constant('debit' as const), points: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat(), together: fc.integer({ min: 1, max: 3 }) }),
);

describeSharedApp('reversals (property)', (t) => {
  it('keep balance == sum(ledger) ≥ 0, reverse each credit at most once, and report what could not be recovered', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const userId = `rev-${run++}`;
        await t.createUser(userId);
        let model = 0;
        const credits: Array<{ points: number; reversed: boolean }> = [];
        for (const o of ops) {
          if (o.kind !== 'reverse') {
            const res = await t.admin('POST', `/admin/user/${userId}/points`, {
              points: o.kind === 'credit' ? o.points : -o.points,
              reason: 'property',
            });
            expect(res.statusCode).toBe(201);
            model = Math.max(0, model + (o.kind === 'credit' ? o.points : -o.points));
            if (o.kind === 'credit') credits.push({ points: o.points, reversed: false });
            continue;
          }
          if (credits.length === 0) continue;
          const target = o.pick % credits.length;
          // The history lists ADJUSTMENT credits newest first; pick the target-th credit in order of time.
          const entries = (await history(t, userId, '?sort=asc&showAll=true')).json() as Array<{
            id: string;
            type: string;
            points: number;
          }>;
          const credit = entries.filter((e) => e.type === 'ADJUSTMENT' && e.points > 0)[target]!;
          const results = await Promise.all(
            Array.from({ length: o.together }, () =>
              t.admin('POST', `/admin/user/${userId}/reversal`, { historyId: credit.id, reason: 'property' }),
            ),
          );
          const won = results.filter((r) => r.statusCode === 201);
          expect(won.length).toBe(credits[target]!.reversed ? 0 : 1);
          expect(results.filter((r) => r.statusCode === 409).length).toBe(o.together - won.length);
          if (won.length === 1) {
            const taken = Math.min(model, credits[target]!.points);
            expect(won[0]!.json()).toMatchObject({
              points: 0 - taken,
              unrecovered: credits[target]!.points - taken,
              balance: model - taken,
            });
            model -= taken;
            credits[target]!.reversed = true;
          }
          expect(await balance(t, userId)).toBe(model);
        }
        expect(await balance(t, userId)).toBe(model);
        expect(await t.app.services.points.ledgerSum(t.projectId, userId)).toBe(model);
      }),
      { numRuns: 12 },
    );
  }, 180_000);
});
