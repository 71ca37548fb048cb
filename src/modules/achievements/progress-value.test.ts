import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDecimals, compareDecimals, decimalText, parseDecimal } from '../events/index.js';
import { addProgress, compareProgress, progressJson, progressOf, toDecimal } from './progress-value.js';

/** Whole numbers as numbers, everything else as exact decimals: the same answers as exact decimals throughout. */
describe('achievement progress values', () => {
  const amount = fc.oneof(
    fc.integer({ min: -1_000_000, max: 1_000_000 }),
    fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER - 1, -Number.MAX_SAFE_INTEGER),
    fc.constantFrom('0.1', '2.5', '-0.75', '12.70', '1e3', '90071992547409931', '0.000001'),
  );

  it('adds and compares exactly like exact decimals, and stays a number while whole and safe', () => {
    fc.assert(
      fc.property(amount, amount, (x, y) => {
        const a = progressOf(x)!;
        const b = progressOf(y)!;
        const exact = addDecimals(parseDecimal(x)!, parseDecimal(y)!);
        const sum = addProgress(a, b);
        expect(decimalText(toDecimal(sum))).toBe(decimalText(exact));
        expect(typeof sum === 'number').toBe(exact.scale === 0 && Number.isSafeInteger(Number(exact.units)));
        expect(compareProgress(a, b)).toBe(compareDecimals(parseDecimal(x)!, parseDecimal(y)!));
      }),
      { numRuns: 500 },
    );
  });

  it('writes a whole number as a JSON number and a fraction as its exact text', () => {
    expect(progressJson(42)).toBe('42');
    expect(progressJson(progressOf('7.30')!)).toBe('"7.3"');
    expect(progressOf('not a number')).toBeNull();
  });
});
