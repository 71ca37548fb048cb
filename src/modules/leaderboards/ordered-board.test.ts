import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderedBoard, UserRegistry } from './ordered-board.js';

type Row = { userId: string; points: number; reachedAt: number };

const byBoardOrder = (a: Row, b: Row) =>
  b.points - a.points || a.reachedAt - b.reachedAt || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

function contents(board: OrderedBoard, registry: UserRegistry): Row[] {
  return board.range(0, board.size).map((s) => ({ userId: registry.names[s]!, points: board.points(s), reachedAt: board.reachedAt(s) }));
}

describe('OrderedBoard', () => {
  it('orders by points, then the earlier time of reaching them, then userId', () => {
    const registry = new UserRegistry();
    const board = new OrderedBoard(registry.names);
    board.startLoad();
    board.finishLoad();
    board.set(registry.slot('bob'), 10, 200, 1);
    board.set(registry.slot('amy'), 10, 200, 1);
    board.set(registry.slot('cat'), 10, 100, 1);
    board.set(registry.slot('dan'), 30, 900, 1);
    expect(contents(board, registry).map((r) => r.userId)).toEqual(['dan', 'cat', 'amy', 'bob']);
    expect(board.rankOf(registry.slot('amy'))).toBe(2);
    expect(board.rankOf(registry.slot('nobody'))).toBe(-1);
  });

  it('ignores an older version and removes a user set to 0 points', () => {
    const registry = new UserRegistry();
    const board = new OrderedBoard(registry.names);
    board.startLoad();
    board.finishLoad();
    const a = registry.slot('a');
    expect(board.set(a, 5, 1, 2)).toBe(true);
    expect(board.set(a, 99, 1, 1)).toBe(false);
    expect(board.points(a)).toBe(5);
    board.set(a, 0, 0, 3);
    expect(board.size).toBe(0);
    expect(board.rankOf(a)).toBe(-1);
  });

  it('agrees with a plain sort after random loads, updates and removals (property)', () => {
    const op = fc.record({
      user: fc.integer({ min: 0, max: 60 }),
      points: fc.integer({ min: 0, max: 8 }),
      reachedAt: fc.integer({ min: 0, max: 5 }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), fc.array(op, { maxLength: 3000 }), (initial, updates) => {
        const registry = new UserRegistry();
        const board = new OrderedBoard(registry.names, 3);
        const truth = new Map<string, Row>();
        let version = 0;
        const apply = (o: { user: number; points: number; reachedAt: number }) => {
          const userId = `u${o.user}`;
          board.set(registry.slot(userId), o.points, o.reachedAt, ++version);
          if (o.points > 0) truth.set(userId, { userId, points: o.points, reachedAt: o.reachedAt });
          else truth.delete(userId);
        };
        board.startLoad();
        initial.forEach(apply);
        board.finishLoad();
        updates.forEach(apply);
        const expected = [...truth.values()].sort(byBoardOrder);
        expect(contents(board, registry)).toEqual(expected);
        expect(board.size).toBe(expected.length);
        expected.forEach((row, i) => expect(board.rankOf(registry.find(row.userId)!)).toBe(i));
        expect(board.range(5, 7)).toEqual(expected.slice(5, 12).map((r) => registry.find(r.userId)));
      }),
      { numRuns: 60 },
    );
  });
});

describe('OrderedBoard bulk load', () => {
  it('sorts a load whose points span a huge range (comparison-sort path) like a plain sort', () => {
    const registry = new UserRegistry();
    const board = new OrderedBoard(registry.names, 4);
    board.startLoad();
    const rows: Row[] = [];
    for (let i = 0; i < 200; i++) {
      const row = { userId: `u${i}`, points: ((i * 7919) % 13) * 1e9 + (i % 3), reachedAt: i % 5 };
      if (row.points === 0) continue;
      rows.push(row);
      board.set(registry.slot(row.userId), row.points, row.reachedAt, 1);
    }
    board.finishLoad();
    expect(contents(board, registry)).toEqual(rows.sort(byBoardOrder));
  });
});
