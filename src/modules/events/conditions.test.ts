import { describe, expect, it } from 'vitest';
import { conditionHolds, conditionsHold } from './conditions.js';
import type { Condition } from './events.schemas.js';

const holds = (operator: Condition['operator'], value: Condition['value'], metadata: Record<string, unknown>) =>
  conditionHolds({ field: 'x', operator, value }, metadata);

describe('conditionHolds', () => {
  it('compares equals and not_equals, numbers matching numeric strings', () => {
    expect(holds('equals', 5, { x: 5 })).toBe(true);
    expect(holds('equals', 5, { x: '5' })).toBe(true);
    expect(holds('equals', 'a', { x: 'b' })).toBe(false);
    expect(holds('equals', true, { x: true })).toBe(true);
    expect(holds('equals', true, { x: 'true' })).toBe(false);
    expect(holds('not_equals', 'a', { x: 'b' })).toBe(true);
    expect(holds('not_equals', 5, { x: 5 })).toBe(false);
  });

  it('compares numerically with the four order operators', () => {
    expect(holds('greater_than', 10, { x: 11 })).toBe(true);
    expect(holds('greater_than', 10, { x: 10 })).toBe(false);
    expect(holds('greater_than_or_equal', 10, { x: 10 })).toBe(true);
    expect(holds('less_than', 10, { x: 9.5 })).toBe(true);
    expect(holds('less_than', 10, { x: 10 })).toBe(false);
    expect(holds('less_than_or_equal', 10, { x: '10' })).toBe(true);
    expect(holds('greater_than', 10, { x: 'many' })).toBe(false);
    expect(holds('greater_than', 10, { x: true })).toBe(false);
  });

  it('checks contains on strings and arrays, in against a list', () => {
    expect(holds('contains', 'shoe', { x: 'red shoes' })).toBe(true);
    expect(holds('contains', 'hat', { x: 'red shoes' })).toBe(false);
    expect(holds('contains', 'gold', { x: ['silver', 'gold'] })).toBe(true);
    expect(holds('in', ['a', 'b'], { x: 'b' })).toBe(true);
    expect(holds('in', ['a', 'b'], { x: 'c' })).toBe(false);
    expect(holds('in', [1, 2], { x: 2 })).toBe(true);
    expect(holds('in', ['a'], { x: ['z', 'a'] })).toBe(true);
  });

  it('fails every operator but exists:false on a missing field', () => {
    for (const op of ['equals', 'not_equals', 'greater_than', 'less_than', 'contains', 'in'] as const) {
      expect(holds(op, 1, {})).toBe(false);
    }
    expect(holds('exists', undefined, {})).toBe(false);
    expect(holds('exists', undefined, { x: 0 })).toBe(true);
    expect(holds('exists', false, {})).toBe(true);
    expect(holds('exists', true, { x: 'y' })).toBe(true);
  });
});

describe('conditionsHold', () => {
  const a: Condition = { field: 'a', operator: 'equals', value: 1 };
  const b: Condition = { field: 'b', operator: 'equals', value: 2 };
  it('needs all for AND and one for OR; no conditions always hold', () => {
    expect(conditionsHold({ type: 'AND', conditions: [a, b] }, { a: 1, b: 2 })).toBe(true);
    expect(conditionsHold({ type: 'AND', conditions: [a, b] }, { a: 1, b: 3 })).toBe(false);
    expect(conditionsHold({ type: 'OR', conditions: [a, b] }, { a: 0, b: 2 })).toBe(true);
    expect(conditionsHold({ type: 'OR', conditions: [a, b] }, { a: 0, b: 0 })).toBe(false);
    expect(conditionsHold(null, {})).toBe(true);
    expect(conditionsHold({ type: 'AND', conditions: [] }, {})).toBe(true);
  });
});
