import { describe, expect, it } from 'vitest';
import { orderParticipants } from './participant.js';

type Decl = { name: string; after?: string[]; provides?: string[]; leads?: boolean; sharedRows?: boolean };
const names = (ps: Decl[]) => orderParticipants(ps).map((p) => p.name);

describe('write path: the order of participants comes from their declarations', () => {
  it('puts each after what it names, the leading ones first and those with shared rows last', () => {
    const ps: Decl[] = [
      { name: 'totals', after: ['events'], sharedRows: true },
      { name: 'streaks', after: ['events', 'challenges'] },
      { name: 'challenges', after: ['events'] },
      { name: 'events', after: ['ledger'] },
      { name: 'adjustments', after: ['ledger'] },
      { name: 'ledger', leads: true },
    ];
    expect(names(ps)).toEqual(['ledger', 'adjustments', 'events', 'challenges', 'streaks', 'totals']);
  });

  it('gives the same order whatever order the participants come in (ties go by name)', () => {
    const ps: Decl[] = [
      { name: 'ledger', leads: true },
      { name: 'b', after: ['ledger'] },
      { name: 'a', after: ['ledger'] },
      { name: 'c' },
      { name: 'outbox', after: ['notices'] },
      { name: 'z', provides: ['notices'] },
    ];
    const expected = ['ledger', 'a', 'b', 'c', 'z', 'outbox'];
    expect(names(ps)).toEqual(expected);
    expect(names([...ps].reverse())).toEqual(expected);
  });

  it('is after every participant that provides a name, and skips an optional name nobody answers to', () => {
    expect(
      names([
        { name: 'outbox', after: ['notices', 'tiers?'] },
        { name: 'b', provides: ['notices'] },
        { name: 'a', provides: ['notices'] },
      ]),
    ).toEqual(['a', 'b', 'outbox']);
  });

  it('refuses an unknown name, a cycle, a duplicate name, and a leading participant after another', () => {
    expect(() => names([{ name: 'events', after: ['ledgr'] }])).toThrow(
      'events is after ledgr, but no participant is named so or provides it',
    );
    expect(() => names([{ name: 'a', after: ['c'] }, { name: 'b', after: ['a'] }, { name: 'c', after: ['b'] }, { name: 'd' }])).toThrow(
      'the write path participants a, b, c are after each other in a cycle',
    );
    expect(() => names([{ name: 'a' }, { name: 'a' }])).toThrow('two write path participants are named a');
    expect(() => names([{ name: 'a' }, { name: 'ledger', leads: true, after: ['a'] }])).toThrow(
      'leading write path participant ledger cannot be after a',
    );
    // A shared-rows participant is after every other: one that must come before it is a cycle.
    expect(() =>
      names([
        { name: 'totals', sharedRows: true },
        { name: 'a', after: ['totals'] },
      ]),
    ).toThrow('cycle');
  });
});
