import { describe, expect, it } from 'vitest';
import type { CoverRow } from './analytics.repository.js';
import { OpenSketches } from './open-sketches.js';

const row = (count: number, sketch?: Buffer | null, shard = 0): CoverRow => ({
  event_id: 'visit',
  grain: 'day',
  bucket: 20527,
  shard,
  count,
  points: 0,
  ...(sketch === undefined ? {} : { sketch }),
});

const cover = { months: [], days: [20527] };
const one = { months: [], days: [1] };

describe('OpenSketches: sketches and unions kept at their rows version (decision 345)', () => {
  it('gives a sketch back only for a count it has seen or passed', () => {
    const open = new OpenSketches();
    const sketch = Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(open.sketchOf('p', row(3))).toBeUndefined();
    open.keep('p', row(3, sketch));
    expect(open.sketchOf('p', row(3))).toBe(sketch);
    expect(open.sketchOf('p', row(2))).toBe(sketch);
    expect(open.sketchOf('p', row(4))).toBeUndefined();
    expect(open.sketchOf('p', row(3, undefined, 1))).toBeUndefined();
    expect(open.sketchOf('q', row(3))).toBeUndefined();
    // An older read does not replace a newer one.
    open.keep('p', row(2, Buffer.from([0])));
    expect(open.sketchOf('p', row(3))).toBe(sketch);
  });

  it('gives a union back only while its rows are the same in number and counts', () => {
    const open = new OpenSketches();
    const users = { value: 7, method: 'exact' as const };
    open.keepUnion('p', 'visit', cover, [row(3), row(4, undefined, 1)], users);
    expect(open.union('p', 'visit', cover, [row(3), row(4, undefined, 1)])).toBe(users);
    expect(open.union('p', 'visit', cover, [row(3), row(5, undefined, 1)])).toBeUndefined();
    expect(open.union('p', 'visit', cover, [row(3), row(4, undefined, 1), row(1, undefined, 2)])).toBeUndefined();
  });

  it('forgets a deleted project only', () => {
    const open = new OpenSketches();
    const sketch = Buffer.from([0]);
    open.keep('p', row(1, sketch));
    open.keep('p2', row(1, sketch));
    open.keepUnion('p', 'visit', one, [row(1)], { value: 1, method: 'exact' });
    open.forget('p');
    expect(open.sketchOf('p', row(1))).toBeUndefined();
    expect(open.union('p', 'visit', one, [row(1)])).toBeUndefined();
    expect(open.sketchOf('p2', row(1))).toBe(sketch);
  });
});
