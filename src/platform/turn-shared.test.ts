import { describe, expect, it } from 'vitest';
import { TurnShared } from './turn-shared.js';

describe('TurnShared', () => {
  it('answers the reads of one key asked in one turn with one load that starts after the turn', async () => {
    const shared = new TurnShared<number>();
    const started: number[] = [];
    let value = 1;
    const load = async () => {
      started.push(value);
      return value;
    };
    const first = [shared.get('p', load), shared.get('p', load), shared.get('q', load)];
    // A write later in the same turn: the shared load must see it (it starts when the turn ends).
    value = 2;
    expect(await Promise.all(first)).toEqual([2, 2, 2]);
    expect(started).toEqual([2, 2]);
    // A read of a later turn gets a load of its own.
    value = 3;
    expect(await shared.get('p', load)).toBe(3);
    expect(started).toEqual([2, 2, 3]);
  });

  it('gives every caller of a failed load its error, and loads again on the next turn', async () => {
    const shared = new TurnShared<number>();
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('store away');
    };
    const reads = [shared.get('p', failing), shared.get('p', failing)];
    for (const r of reads) await expect(r).rejects.toThrow('store away');
    expect(calls).toBe(1);
    expect(await shared.get('p', async () => 7)).toBe(7);
  });
});
