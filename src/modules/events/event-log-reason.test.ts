import { describe, expect, it } from 'vitest';
import { awardedReason, conditionFailure, limitReason } from './event-log-reason.js';

describe('event log reasons', () => {
  it('names the first failing condition of an AND with the value it got', () => {
    const conditions = {
      type: 'AND' as const,
      conditions: [
        { field: 'shop', operator: 'equals' as const, value: 'cafe' },
        { field: 'amount', operator: 'greater_than_or_equal' as const, value: 50 },
      ],
    };
    expect(conditionFailure(conditions, { shop: 'cafe', amount: 10 })).toBe('condition amount ≥ 50 failed: got 10');
    expect(conditionFailure(conditions, { amount: 60 })).toBe('condition shop = "cafe" failed: missing');
  });

  it('lists every condition of an OR', () => {
    const conditions = {
      type: 'OR' as const,
      conditions: [
        { field: 'amount', operator: 'greater_than' as const, value: 5 },
        { field: 'tag', operator: 'in' as const, value: ['a', 'b'] },
      ],
    };
    expect(conditionFailure(conditions, { amount: 2, tag: 'c' })).toBe(
      'no condition held: amount > 5 (got 2), tag in ["a", "b"] (got "c")',
    );
  });

  it('says what an exists condition missed', () => {
    expect(conditionFailure({ type: 'AND', conditions: [{ field: 'coupon', operator: 'exists' }] }, {})).toBe(
      'condition coupon exists failed: missing',
    );
  });

  it('states a limit with its period, and awarded points', () => {
    expect(limitReason({ limit: 1, limitPeriod: 'daily' })).toBe('limit 1 per day reached');
    expect(limitReason({ limit: 3, limitPeriod: 'lifetime' })).toBe('limit 3 in total reached');
    expect(awardedReason(1)).toBe('1 point awarded');
    expect(awardedReason(0)).toBe('0 points awarded');
  });
});
