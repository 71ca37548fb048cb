import { describe, expect, it } from 'vitest';
import { addToSketch, countFromSummaries, hashUser, shardOf, SHARDS, SPARSE_MAX, summarize, UniqueCounter } from './hll.js';

/** Adds users to per-shard slices the way the pipeline stage does. */
function sketchesOf(userIds: string[]): Array<Buffer | null> {
  const slices: Array<Buffer | null> = Array.from({ length: SHARDS }, () => null);
  for (const id of userIds) {
    const h = hashUser(id);
    const s = shardOf(h);
    const next = addToSketch(slices[s], h);
    if (next) slices[s] = next;
  }
  return slices;
}

function countOf(...groups: Array<Array<Buffer | null>>) {
  const c = new UniqueCounter();
  for (const slices of groups) slices.forEach((b, shard) => c.add(b, shard));
  return c.count();
}

const users = (n: number, prefix = 'u') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('unique-user sketches', () => {
  it('counts a small set exactly and ignores repeats', () => {
    expect(countOf(sketchesOf(['a', 'b', 'a', 'c', 'b']))).toEqual({ value: 3, method: 'exact' });
  });

  it('reports unchanged when a user is added twice', () => {
    const h = hashUser('alice');
    const once = addToSketch(null, h)!;
    expect(addToSketch(once, h)).toBeNull();
  });

  it('counts the union of sparse sketches of different days exactly', () => {
    expect(countOf(sketchesOf(users(50)), sketchesOf(users(80)))).toEqual({ value: 80, method: 'exact' });
  });

  it('switches to a HyperLogLog estimate within 8 % (about 3 standard errors) once a slice is dense', () => {
    const n = 20_000;
    const result = countOf(sketchesOf(users(n)));
    expect(result.method).toBe('hyperloglog');
    expect(Math.abs(result.value - n) / n).toBeLessThan(0.08);
    expect(SPARSE_MAX * SHARDS).toBeLessThan(n);
  });

  it('estimates a union of overlapping dense sketches within 8 % (about 3 standard errors)', () => {
    const result = countOf(sketchesOf(users(10_000)), sketchesOf(users(10_000).map((u, i) => (i < 5_000 ? u : `x${u}`))));
    expect(result.method).toBe('hyperloglog');
    expect(Math.abs(result.value - 15_000) / 15_000).toBeLessThan(0.08);
  });

  it('counts nothing as 0 exactly', () => {
    expect(countOf()).toEqual({ value: 0, method: 'exact' });
  });

  it.each([10, 200, 5_000])('counts a bucket from its slice summaries exactly as from the slices (%d users)', (n) => {
    const slices = sketchesOf(users(n)).filter((b): b is Buffer => b !== null);
    const summaries = slices.map((b) => summarize(b));
    const fromSummaries = countFromSummaries({
      shards: summaries.length,
      allExact: summaries.every((s) => s.exact !== null),
      exact: summaries.reduce((a, s) => a + (s.exact ?? 0), 0),
      sum: summaries.reduce((a, s) => a + s.sum, 0),
      zeros: summaries.reduce((a, s) => a + s.zeros, 0),
    });
    expect(fromSummaries).toEqual(countOf(sketchesOf(users(n))));
  });
});
