import { describe, expect, it } from 'vitest';
import { balanceKey, planAdjustments } from './bulk-adjustments.js';

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
        [balanceKey('alice', undefined), 1009],
        [balanceKey('bob', undefined), 3],
        [balanceKey('nobody', undefined), null],
      ]),
    );
    expect(plan.map((p) => [p.userId, p.outcome, p.points, p.balanceBefore, p.balanceAfter, p.code])).toEqual([
      ['alice', 'WOULD_APPLY', 100, 1009, 1109, null],
      ['bob', 'WOULD_APPLY', -3, 3, 0, null],
      ['alice', 'WOULD_APPLY', -1109, 1109, 0, null],
      ['nobody', 'FAILED', 0, null, null, 'USER_NOT_FOUND'],
    ]);
  });

  it('keeps the running balance of each currency apart', () => {
    const plan = planAdjustments(
      [
        { userId: 'alice', points: -50, reason: 'a', currency: 'xp' },
        { userId: 'alice', points: -50, reason: 'b' },
        { userId: 'alice', points: -50, reason: 'c', currency: 'xp' },
      ],
      new Map([
        [balanceKey('alice', 'xp'), 80],
        [balanceKey('alice', 'points'), 10],
      ]),
    );
    expect(plan.map((p) => [p.currency ?? 'points', p.points, p.balanceBefore, p.balanceAfter])).toEqual([
      ['xp', -50, 80, 30],
      ['points', -10, 10, 0],
      ['xp', -30, 30, 0],
    ]);
  });
});
