import { describe, expect, it } from 'vitest';
import { heldProgress, parseUserProgress, setHeldProgress, userProgressText, type UserProgress } from './achievement-progress.js';
import { ParsedProgressRows } from './parsed-progress-rows.js';

describe('progress rows parsed before', () => {
  it('answers the entries of the text read: kept ones only for the same text, given back unchanged', () => {
    const rows = new ParsedProgressRows(1_000_000);
    const text = '{"a":{"p":1,"c":1}}';
    const first = rows.entries('u', text);
    expect(first).toEqual(new Map([['a', { p: 1, c: 1 }]]));
    // Handed out, the entries may change: no text finds them until they are given back or written.
    expect(rows.entries('u', text)).not.toBe(first);
    const second = rows.entries('u', text);
    rows.release('u', second, text);
    expect(rows.entries('u', text)).toBe(second);
    // Another text for the user (another instance wrote it, or a kept write rolled back): parsed.
    expect(rows.entries('u', '{"a":{"p":2,"c":1}}')).toEqual(new Map([['a', { p: 2, c: 1 }]]));
    const written: UserProgress = new Map([['a', { p: 3, c: 1 }]]);
    rows.keep('u', userProgressText(written), true, written);
    expect(rows.entries('u', '{"a":{"p":3,"c":1}}')).toBe(written);
    expect(rows.entries('u', '{"a":{"p":2,"c":1}}')).toEqual(new Map([['a', { p: 2, c: 1 }]]));
  });

  it('writes entries moved in place with their text, and replaces entries of older shapes', () => {
    const rows = new ParsedProgressRows(1_000_000);
    const read = rows.entries('u', '{"a":{"p":1,"c":1},"b":{"p":"2","c":1,"at":5},"z":{"p":9,"c":3},"f":{"p":"0.5","c":2}}');
    const a = read.get('a');
    expect(heldProgress(read, 'b', 1)).toBe(2);
    expect(heldProgress(read, 'f', 2)).toEqual({ units: 5n, scale: 1 });
    expect(heldProgress(read, 'z', 4)).toBe(0);
    setHeldProgress(read, 'a', 2, 1);
    setHeldProgress(read, 'b', { units: 25n, scale: 1 }, 1);
    setHeldProgress(read, 'n', 7, 4);
    // A batch that fails here leaves entries no text matches: the stored text is parsed again.
    expect(rows.entries('u', '{"a":{"p":1,"c":1},"b":{"p":"2","c":1,"at":5},"z":{"p":9,"c":3},"f":{"p":"0.5","c":2}}')).not.toBe(read);
    const text = rows.write('u', read);
    expect(text).toBe('{"a":{"p":2,"c":1},"b":{"p":"2.5","c":1},"z":{"p":9,"c":3},"f":{"p":"0.5","c":2},"n":{"p":7,"c":4}}');
    expect(read.get('a')).toBe(a);
    expect(parseUserProgress(text)).toEqual(parseUserProgress(userProgressText(read)));
    expect(rows.entries('u', text)).toBe(read);
    // A user without a row: a new Map.
    const fresh: UserProgress = new Map();
    setHeldProgress(fresh, 'a', 1, 1);
    expect(rows.write('v', fresh)).toBe('{"a":{"p":1,"c":1}}');
  });

  it('holds at most its budget, dropping the oldest rows first', () => {
    const text = (i: number) => `{"a":{"p":${i},"c":1}}`;
    const rows = new ParsedProgressRows(1_000);
    for (let i = 0; i < 100; i++) rows.entries(`user${i}`, text(i));
    expect(rows.size).toBeGreaterThan(0);
    expect(rows.size).toBeLessThan(15);
    // The newest is kept, and a text over the whole budget is parsed but not kept.
    expect(rows.entries('user99', text(99)).get('a')).toEqual({ p: 99, c: 1 });
    const big = `{"a":{"p":"${'1'.repeat(2_000)}","c":1}}`;
    expect(rows.entries('big', big).size).toBe(1);
    expect(rows.size).toBeLessThan(15);
  });
});

describe('kept rows on a store one process owns (decision 329)', () => {
  const unlocked = () => new Map([['a', new Set([1])]]);

  it('are taken without a read only once the batch that took them committed', () => {
    const rows = new ParsedProgressRows(1_000_000);
    const first = {};
    expect(rows.take('u', first)).toBeNull();
    const entries = rows.hold('u', first, '{"a":{"p":1,"c":1}}', unlocked());
    // Not current until its batch commits: a second batch in between reads the row.
    expect(rows.take('u', {})).toBeNull();
    rows.committed('u', first);
    const second = {};
    const kept = rows.take('u', second)!;
    expect(kept).toMatchObject({ stored: true, unlocked: unlocked() });
    expect(kept.entries).toBe(entries);
    // Taken: not current again until `second` commits; an older batch's commit does not count.
    expect(rows.take('u', {})).toBeNull();
    rows.committed('u', first);
    expect(rows.take('u', {})).toBeNull();
    setHeldProgress(kept.entries, 'a', 2, 1);
    rows.write('u', kept.entries);
    rows.committed('u', second);
    expect(rows.take('u', {})?.entries.get('a')).toEqual({ p: 2, c: 1 });
  });

  it('stay not current when their batch never commits, and are read again', () => {
    const rows = new ParsedProgressRows(1_000_000);
    const first = {};
    rows.hold('u', first, '{"a":{"p":1,"c":1}}', new Map());
    rows.committed('u', first);
    const failed = {};
    const kept = rows.take('u', failed)!;
    kept.unlocked.set('a', new Set([1]));
    setHeldProgress(kept.entries, 'a', 2, 1);
    rows.write('u', kept.entries);
    // No commit: the next batch reads, and what it read replaces what the failed batch made.
    expect(rows.take('u', {})).toBeNull();
    const next = {};
    expect(rows.hold('u', next, '{"a":{"p":1,"c":1}}', new Map()).get('a')).toEqual({ p: 1, c: 1 });
    rows.committed('u', next);
    expect(rows.take('u', {})).toMatchObject({ stored: true, unlocked: new Map() });
  });

  it('keep a user without a row, and forget what is changed outside the write path', () => {
    const rows = new ParsedProgressRows(1_000_000);
    const b = {};
    expect(rows.hold('u', b, null, new Map()).size).toBe(0);
    rows.hold('v', b, '{"a":{"p":1,"c":1}}', new Map());
    rows.committed('u', b);
    rows.committed('v', b);
    rows.forget('u');
    expect(rows.take('u', {})).toBeNull();
    rows.clear();
    expect(rows.take('v', {})).toBeNull();
    const c = {};
    rows.hold('u', c, null, new Map());
    rows.committed('u', c);
    expect(rows.take('u', {})).toMatchObject({ stored: false });
  });

  it('are never current when read by text alone (a store of several processes)', () => {
    const rows = new ParsedProgressRows(1_000_000);
    const entries = rows.entries('u', '{"a":{"p":1,"c":1}}');
    setHeldProgress(entries, 'a', 2, 1);
    rows.write('u', entries);
    rows.committed('u', {});
    expect(rows.take('u', {})).toBeNull();
  });
});
