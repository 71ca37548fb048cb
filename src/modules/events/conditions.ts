import type { Condition, Conditions } from './events.schemas.js';

/**
 * Conditions of an event definition, evaluated against the event's metadata (pure).
 * Numeric operators compare numbers (numeric strings count as numbers); a missing field fails
 * every operator except `exists` with value false. No conditions (null or empty) always hold.
 */
export function conditionsHold(conditions: Conditions | null, metadata: Record<string, unknown>): boolean {
  if (!conditions || conditions.conditions.length === 0) return true;
  const results = conditions.conditions.map((c) => conditionHolds(c, metadata));
  return conditions.type === 'OR' ? results.some(Boolean) : results.every(Boolean);
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const x = toNumber(a);
  const y = toNumber(b);
  return x !== null && y !== null && (typeof a === 'number' || typeof b === 'number') && x === y;
}

function compare(actual: unknown, expected: unknown, test: (a: number, b: number) => boolean): boolean {
  const a = toNumber(actual);
  const b = toNumber(expected);
  return a !== null && b !== null && test(a, b);
}

export function conditionHolds(condition: Condition, metadata: Record<string, unknown>): boolean {
  const present = Object.prototype.hasOwnProperty.call(metadata, condition.field) && metadata[condition.field] !== null;
  const actual = present ? metadata[condition.field] : undefined;
  const expected = condition.value;
  if (condition.operator === 'exists') return expected === false ? !present : present;
  if (!present) return false;
  switch (condition.operator) {
    case 'equals':
      return same(actual, expected);
    case 'not_equals':
      return !same(actual, expected);
    case 'greater_than':
      return compare(actual, expected, (a, b) => a > b);
    case 'greater_than_or_equal':
      return compare(actual, expected, (a, b) => a >= b);
    case 'less_than':
      return compare(actual, expected, (a, b) => a < b);
    case 'less_than_or_equal':
      return compare(actual, expected, (a, b) => a <= b);
    case 'contains':
      if (Array.isArray(actual)) return actual.some((v) => same(v, expected));
      return typeof actual === 'string' && expected !== undefined && actual.includes(String(expected));
    case 'in': {
      const options = Array.isArray(expected) ? expected : [expected];
      const values = Array.isArray(actual) ? actual : [actual];
      return values.some((v) => options.some((o) => same(v, o)));
    }
    default:
      return false;
  }
}
