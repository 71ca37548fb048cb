import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { arrayLiteral, columnArrays } from './rows-sql.js';

/** pg's own conversion of a parameter (an array becomes its array literal). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as { prepareValue: (v: unknown) => unknown };

describe('arrayLiteral: the array literal pg would send, written faster', () => {
  it('writes what pg writes for strings, numbers, booleans and nulls', () => {
    const cases: unknown[][] = [
      [],
      ['a', 'b'],
      ['', ' ', 'with space', 'comma,brace{}', 'NULL', 'null'],
      ['quote"inside', 'back\\slash', '\\"both"\\', '"', '\\'],
      ['ünïcødé ✓', '{"de":"Kauf","en":"Purchase"}', 'line\nbreak\ttab'],
      [0, -1, 1.5, 9007199254740991, -0, Number.NaN, Infinity],
      [true, false],
      [null, 'x', null, 3],
      [12n, -7n],
    ];
    for (const values of cases) expect(arrayLiteral(values)).toBe(prepareValue(values));
  });

  it('leaves an array of other values to pg', () => {
    const bytes = [Buffer.from([1, 2]), null];
    expect(arrayLiteral(bytes)).toBe(bytes);
    const objects = [{ a: 1 }];
    expect(arrayLiteral(objects)).toBe(objects);
  });

  it('makes one literal per column from the rows, and refuses a row without a value', () => {
    expect(
      columnArrays(
        ['a', 'b'],
        [
          { a: 'x', b: 1 },
          { a: 'y"', b: null },
        ],
      ),
    ).toEqual({ a: '{"x","y\\""}', b: '{"1",NULL}' });
    expect(() => columnArrays(['a'], [{ b: 1 }])).toThrow('row 0 has no value for column a');
  });
});
