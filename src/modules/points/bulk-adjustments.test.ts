import { describe, expect, it } from 'vitest';
import { planAdjustments } from './bulk-adjustments.js';

describe('planAdjustments', () => {
  it('plans each row from the balance the previous rows of the same user left, cutting a debit at 0', () => {
    const plan = planAdjustments(
      [
        { userId: 'alice', points: 100, reason: 'a' },
        { userId: 'bob', points: -5, reason: 'b' },
        { userId: 'alice', points: -999999, reason: 'c' },
        { userId: 'nobody', points: 1, reason: 'd' },
      ],
      new Map([
        ['alice', 1009],
        ['bob', 3],
        ['nobody', null],
      ]),
    );
    expect(plan.map((p) => [p.userId, p.outcome, p.points, p.balanceBefore, p.balanceAfter, p.code])).toEqual([
      ['alice', 'WOULD_APPLY', 100, 1009, 1109, null],
      ['bob', 'WOULD_APPLY', -3, 3, 0, null],
      ['alice', 'WOULD_APPLY', -1109, 1109, 0, null],
      ['nobody', 'FAILED', 0, null, null, 'USER_NOT_FOUND'],
    ]);
  });
});
