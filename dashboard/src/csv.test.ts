import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from './csv';

describe('csv', () => {
  it('quotes fields with commas, quotes and line breaks, and defuses formulas', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['=SUM(A1)', -5],
          [null, 'two\nlines'],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n\'=SUM(A1),-5\r\n,"two\nlines"\r\n');
  });

  it('neutralises every cell that a spreadsheet would take as a formula: =, +, -, @, tab, carriage return', () => {
    const names = ['\t=1+1', '=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)', '\r=1', 'plain', ' =1'];
    const csv = toCsv(
      ['Display name'],
      names.map((n) => [n]),
    );
    expect(
      parseCsv(csv)
        .slice(1)
        .map(([cell]) => cell),
    ).toEqual(["'\t=1+1", '\'=HYPERLINK("http://x")', "'+1", "'-2+3", "'@SUM(A1)", "'\r=1", 'plain', ' =1']);
    // Numbers are numbers, negative or not.
    expect(toCsv(['n'], [[-5], [3]])).toBe('n\r\n-5\r\n3\r\n');
  });

  it('reads back what it writes, skipping blank lines', () => {
    const text =
      toCsv(
        ['userId', 'points', 'reason'],
        [
          ['alice', 10, 'goodwill, after "ticket"'],
          ['bob', -3, 'multi\nline'],
        ],
      ) + '\n\n';
    expect(parseCsv(text)).toEqual([
      ['userId', 'points', 'reason'],
      ['alice', '10', 'goodwill, after "ticket"'],
      ['bob', '-3', 'multi\nline'],
    ]);
  });

  it('reads a last line without a line break', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});
