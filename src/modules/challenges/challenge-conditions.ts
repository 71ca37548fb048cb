import type { Conditions } from './challenges.schemas.js';

/**
 * Whether the event metadata meets a challenge's conditions (operators of CONTRACT.md section 4).
 * No conditions, or an empty list, always hold. Comparisons need numbers on both sides.
 */
export function conditionsHold(conditions: Conditions | null, metadata: Record<string, unknown>): boolean {
  if (!conditions || conditions.conditions.length === 0) return true;
  const results = conditions.conditions.map((c) => conditionHolds(c, metadata[c.field]));
  return conditions.type === 'OR' ? results.some(Boolean) : results.every(Boolean);
}

type Condition = Conditions['conditions'][number];

function conditionHolds(c: Condition, actual: unknown): boolean {
  const expected = c.value;
  switch (c.operator) {
    case 'exists':
      return actual !== undefined && actual !== null;
    case 'equals':
      return actual === expected;
    case 'not_equals':
      return actual !== expected;
    case 'greater_than':
      return compare(actual, expected, (a, b) => a > b);
    case 'greater_than_or_equal':
      return compare(actual, expected, (a, b) => a >= b);
    case 'less_than':
      return compare(actual, expected, (a, b) => a < b);
    case 'less_than_or_equal':
      return compare(actual, expected, (a, b) => a <= b);
    case 'contains':
      if (typeof actual === 'string' && typeof expected === 'string') return actual.includes(expected);
      return Array.isArray(actual) && actual.includes(expected);
    case 'in':
      return Array.isArray(expected) && (expected as unknown[]).includes(actual);
    default:
      return false;
  }
}

function compare(actual: unknown, expected: unknown, op: (a: number, b: number) => boolean): boolean {
  return typeof actual === 'number' && typeof expected === 'number' && Number.isFinite(actual) && op(actual, expected);
}
