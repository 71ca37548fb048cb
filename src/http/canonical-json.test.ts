import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('gives the same text for the same JSON value, whatever the key order', () => {
    const a = { userId: 'amy', metadata: { amount: 5, tags: ['x', 'y'], nested: { b: 1, a: null } }, eventId: 'purchase' };
    const b = JSON.parse(
      '{ "eventId": "purchase",\n "metadata": { "nested": { "a": null, "b": 1 }, "tags": ["x","y"], "amount": 5 }, "userId": "amy" }',
    );
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe(
      '{"eventId":"purchase","metadata":{"amount":5,"nested":{"a":null,"b":1},"tags":["x","y"]},"userId":"amy"}',
    );
  });

  it('keeps differences of values and of array order', () => {
    expect(canonicalJson({ tags: ['x', 'y'] })).not.toBe(canonicalJson({ tags: ['y', 'x'] }));
    expect(canonicalJson({ n: 1 })).not.toBe(canonicalJson({ n: '1' }));
    expect(canonicalJson({ a: { b: 1 } })).not.toBe(canonicalJson({ a: { b: 2 } }));
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson(undefined)).toBe(undefined);
  });
});
