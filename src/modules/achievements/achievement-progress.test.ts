import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseUserProgress, progressIn, userProgressText, type UserProgress, type UserProgressEntry } from './achievement-progress.js';

describe('achievement progress rows', () => {
  it('writes JSON that reads back as the entries, whatever their ids and shapes', () => {
    // Entries as written now, and as written before decision 304 (with `at`).
    const entry = fc.oneof(
      fc.record({ p: fc.string(), c: fc.integer() }),
      fc.record({ p: fc.maxSafeInteger(), c: fc.integer() }),
      fc.record({ p: fc.string(), c: fc.integer(), at: fc.nat() }),
    );
    const odd = fc.oneof(entry, fc.record({ p: fc.integer(), c: fc.string(), extra: fc.boolean() }));
    const id = fc.oneof(fc.string(), fc.constantFrom('__proto__', 'a"b', 'ü\\n', 'constructor'));
    fc.assert(
      fc.property(fc.array(fc.tuple(id, odd), { maxLength: 25 }), (pairs) => {
        const entries: UserProgress = new Map(pairs as Array<[string, UserProgressEntry]>);
        const text = userProgressText(entries);
        const object: Record<string, unknown> = {};
        for (const [k, v] of entries) Object.defineProperty(object, k, { value: v, enumerable: true, configurable: true, writable: true });
        // Key order aside (JSON.stringify puts integer-like keys first), the same object.
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(object)));
        expect(parseUserProgress(text)).toEqual(entries);
      }),
      { numRuns: 300 },
    );
    expect(userProgressText(new Map())).toBe('{}');
  });

  it('reads a progress stored as a number or as decimal text', () => {
    const entries = parseUserProgress('{"a":{"p":12,"c":1},"b":{"p":"7.25","c":1},"c":{"p":"40","c":1},"d":{"p":5,"c":2}}');
    expect(progressIn(entries, 'a', 1)).toBe(12);
    expect(progressIn(entries, 'b', 1)).toEqual({ units: 725n, scale: 2 });
    expect(progressIn(entries, 'c', 1)).toBe(40);
    expect(progressIn(entries, 'd', 1)).toBeNull();
    expect(progressIn(entries, 'e', 1)).toBeNull();
  });
});
