import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseUserProgress, userProgressText, type UserProgress, type UserProgressEntry } from './achievement-progress.js';

describe('achievement progress rows', () => {
  it('writes JSON that reads back as the entries, whatever their ids and shapes', () => {
    // Entries as written now, and as written before decision 304 (with `at`).
    const entry = fc.oneof(fc.record({ p: fc.string(), c: fc.integer() }), fc.record({ p: fc.string(), c: fc.integer(), at: fc.nat() }));
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
});
