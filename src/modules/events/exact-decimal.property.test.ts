import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDecimals, compareDecimals, decimalNumber, decimalText, parseDecimal, ZERO, type Decimal } from './exact-decimal.js';
import { transactionPoints } from './reward.js';

/** Rewards as an operator writes them, with their exact value as (units, scale). */
const REWARDS: Array<[number, bigint, number]> = [
  [1, 1n, 0],
  [3, 3n, 0],
  [7, 7n, 0],
  [10, 10n, 0],
  [100, 100n, 0],
  [1.5, 15n, 1],
  [0.25, 25n, 2],
  [2.75, 275n, 2],
  [0.1, 1n, 1],
  [12.345, 12345n, 3],
];

const decimalOf = (d: Decimal | null) => {
  if (d === null) throw new Error('not a decimal');
  return d;
};

describe('exact decimals: TRANSACTION rewards', () => {
  it('pays floor(amount × reward) exactly for every amount 0.01–99.99 and every reward', () => {
    let checked = 0;
    for (let cents = 1; cents <= 9999; cents++) {
      // The amount as a client sends it: a JSON number with two decimals, parsed to a double.
      const amount = JSON.parse((cents / 100).toFixed(2)) as number;
      const value = decimalOf(parseDecimal(amount));
      for (const [rate, units, scale] of REWARDS) {
        const exact = (BigInt(cents) * units) / (100n * 10n ** BigInt(scale));
        expect(transactionPoints(value, rate)).toBe(Number(exact));
        checked++;
      }
    }
    expect(checked).toBe(9999 * REWARDS.length);
  });

  it('gives the examples of the rule', () => {
    const pay = (amount: number | string, rate: number) => transactionPoints(decimalOf(parseDecimal(amount)), rate);
    expect(pay(19.99, 100)).toBe(1999);
    expect(pay(0.29, 100)).toBe(29);
    expect(pay(1.15, 100)).toBe(115);
    expect(pay('19.99', 100)).toBe(1999);
    expect(pay(4.35, 100)).toBe(435);
    expect(pay(1e-7, 10_000_000)).toBe(1);
    expect(pay(12, 3)).toBe(36);
  });
});

/** A decimal of up to 4 places, as text and as its exact ten-thousandths. */
const amount = fc.integer({ min: 0, max: 99_999_999 }).map((tenThousandths) => ({
  tenThousandths: BigInt(tenThousandths),
  json: JSON.parse((tenThousandths / 10_000).toFixed(4)) as number,
}));

describe('exact decimals: SUM progress', () => {
  it('sums decimals exactly and returns the number of the exact sum', () => {
    fc.assert(
      fc.property(fc.array(amount, { minLength: 1, maxLength: 40 }), (amounts) => {
        let sum = ZERO;
        for (const a of amounts) sum = addDecimals(sum, decimalOf(parseDecimal(a.json)));
        const exact = amounts.reduce((s, a) => s + a.tenThousandths, 0n);
        expect(compareDecimals(sum, { units: exact, scale: 4 })).toBe(0);
        const text = (Number(exact) / 10_000).toFixed(4);
        expect(decimalNumber(sum)).toBe(Number(text));
        expect(decimalOf(parseDecimal(decimalText(sum)))).toEqual(sum);
      }),
      { numRuns: 2000 },
    );
  });

  it('reaches the goals of the rule', () => {
    const sumOf = (xs: number[]) => xs.reduce((s, x) => addDecimals(s, decimalOf(parseDecimal(x))), ZERO);
    expect(decimalNumber(sumOf([12.11, 19.99, 17.9]))).toBe(50);
    expect(compareDecimals(sumOf([12.11, 19.99, 17.9]), decimalOf(parseDecimal(50)))).toBe(0);
    expect(decimalNumber(sumOf(Array.from({ length: 10 }, () => 0.1)))).toBe(1);
    expect(decimalNumber(sumOf([0.1, 0.2]))).toBe(0.3);
  });

  it('reads numbers in exponent notation and refuses what is not a number', () => {
    expect(parseDecimal(1e21)).toEqual({ units: 10n ** 21n, scale: 0 });
    expect(parseDecimal('2.50')).toEqual({ units: 25n, scale: 1 });
    expect(parseDecimal('-0.5')).toEqual({ units: -5n, scale: 1 });
    expect(parseDecimal('0x10')).toEqual({ units: 16n, scale: 0 });
    for (const bad of ['', ' ', 'twelve', '1.2.3', '.', 'e5']) expect(parseDecimal(bad), bad).toBeNull();
    expect(parseDecimal(Number.NaN)).toBeNull();
  });
});

describe('exact decimals: whole numbers take a short path to the same value', () => {
  it('parses a whole number, as a number or as text, to what the general parse gives', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constantFrom(0, -0, 7, -12)), fc.boolean(), (n, asText) => {
        const whole = parseDecimal(asText ? String(n) : n);
        // "n.0" is not a whole number's text: it takes the general parse (then normalized to scale 0).
        const general = parseDecimal(`${n}.0`);
        expect(whole).toEqual(general);
        expect(decimalText(whole!)).toBe(String(Object.is(n, -0) ? 0 : n));
      }),
      { numRuns: 300 },
    );
    expect(parseDecimal('007')).toEqual({ units: 7n, scale: 0 });
    expect(parseDecimal(' 12 ')).toEqual({ units: 12n, scale: 0 });
    expect(parseDecimal('1234567890123456789')).toEqual({ units: 1234567890123456789n, scale: 0 });
  });

  it('adds and compares decimals of mixed scales as aligned ones do', () => {
    const decimal = fc.tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: 0, max: 6 }));
    fc.assert(
      fc.property(decimal, decimal, ([au, as], [bu, bs]) => {
        const a = { units: au, scale: as };
        const b = { units: bu, scale: bs };
        const scale = Math.max(as, bs);
        const x = au * 10n ** BigInt(scale - as);
        const y = bu * 10n ** BigInt(scale - bs);
        expect(compareDecimals(a, b)).toBe(x < y ? -1 : x > y ? 1 : 0);
        const sum = addDecimals(a, b);
        expect(sum.units * 10n ** BigInt(scale - sum.scale)).toBe(x + y);
      }),
      { numRuns: 300 },
    );
  });
});
