import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimals, parseDecimal, type Decimal } from '../events/index.js';
import { levelsOf, levelsReached } from './achievement-rules.js';
import type { Criteria } from './achievements.schemas.js';

const dec = (v: number | string): Decimal => parseDecimal(v)!;
const count: Criteria = { kind: 'eventCount', eventId: 'purchase' };
const rank: Criteria = { kind: 'boardRank' };
const bronzeSilverGold = levelsOf(
  count,
  [
    { level: 1, threshold: 10 },
    { level: 2, threshold: 50 },
    { level: 3, threshold: 100 },
  ],
  5,
);
const top = levelsOf(
  rank,
  [
    { level: 1, threshold: 100 },
    { level: 2, threshold: 10 },
    { level: 3, threshold: 1 },
  ],
  5,
);
const levels = (reached: readonly { level: number }[]) => reached.map((l) => l.level);

describe('achievement rules: the levels a progress reaches', () => {
  it('reaches the levels at or below a count, easiest first, skipping those unlocked', () => {
    expect(levels(levelsReached('eventCount', bronzeSilverGold, dec(9), new Set()))).toEqual([]);
    expect(levels(levelsReached('eventCount', bronzeSilverGold, dec(10), new Set()))).toEqual([1]);
    expect(levels(levelsReached('eventCount', bronzeSilverGold, dec(100), new Set()))).toEqual([1, 2, 3]);
    expect(levels(levelsReached('eventCount', bronzeSilverGold, dec(60), new Set([1])))).toEqual([2]);
    expect(levels(levelsReached('eventCount', bronzeSilverGold, dec('49.99'), new Set([1])))).toEqual([]);
  });

  it('reaches a rank level at or within its rank, and none without a rank', () => {
    expect(levels(levelsReached('boardRank', top, dec(0), new Set()))).toEqual([]);
    expect(levels(levelsReached('boardRank', top, dec(101), new Set()))).toEqual([]);
    expect(levels(levelsReached('boardRank', top, dec(10), new Set()))).toEqual([1, 2]);
    expect(levels(levelsReached('boardRank', top, dec(1), new Set([2])))).toEqual([1, 3]);
  });

  it('answers what filtering every level answers, for any progress and unlocked set', () => {
    const reference = (kind: 'eventCount' | 'boardRank', ls: typeof top, p: Decimal, unlocked: Set<number>) =>
      ls.filter((l) =>
        unlocked.has(l.level)
          ? false
          : kind === 'boardRank'
            ? p.units > 0n && compareDecimals(p, l.exact) <= 0
            : compareDecimals(p, l.exact) >= 0,
      );
    fc.assert(
      fc.property(
        fc.constantFrom('eventCount' as const, 'boardRank' as const),
        fc.oneof(
          fc.integer({ min: -5, max: 150 }),
          fc.integer({ min: 0, max: 15_000 }).map((cents) => (cents / 100).toFixed(2)),
        ),
        fc.subarray([1, 2, 3]),
        (kind, value, unlocked) => {
          const ls = kind === 'boardRank' ? top : bronzeSilverGold;
          const p = dec(value);
          expect(levels(levelsReached(kind, ls, p, new Set(unlocked)))).toEqual(levels(reference(kind, ls, p, new Set(unlocked))));
        },
      ),
      { numRuns: 300 },
    );
  });
});
