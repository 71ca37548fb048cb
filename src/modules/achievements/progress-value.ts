import { addDecimals, compareDecimals, decimalText, parseDecimal, type Decimal } from '../events/index.js';

/**
 * A progress towards an achievement (decision 326): a plain number while it is a safe whole number —
 * counts, points earned, streak lengths, ranks and most sums are — and an exact decimal only once a
 * sum has a fraction or leaves the safe range. The write path moves the progress of every achievement
 * an event touches; as numbers that is an addition and a comparison, with nothing allocated.
 */
export type Progress = number | Decimal;

/** The progress a stored value or a metadata amount stands for (null: not a number). */
export function progressOf(value: number | string): Progress | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  const exact = parseDecimal(value);
  return exact === null ? null : narrowed(exact);
}

/** A decimal as a number when it is a safe whole number. */
function narrowed(d: Decimal): Progress {
  if (d.scale === 0 && d.units <= MAX && d.units >= MIN) return Number(d.units);
  return d;
}

const MAX = BigInt(Number.MAX_SAFE_INTEGER);
const MIN = -MAX;

export function toDecimal(p: Progress): Decimal {
  return typeof p === 'number' ? { units: BigInt(p), scale: 0 } : p;
}

export function addProgress(a: Progress, b: Progress): Progress {
  if (typeof a === 'number' && typeof b === 'number') {
    const sum = a + b;
    if (Number.isSafeInteger(sum)) return sum;
  }
  return narrowed(addDecimals(toDecimal(a), toDecimal(b)));
}

/** -1, 0 or 1 as a <, =, > b. */
export function compareProgress(a: Progress, b: Progress): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  return compareDecimals(toDecimal(a), toDecimal(b));
}

/** Whether the progress is above 0. */
export function positive(p: Progress): boolean {
  return typeof p === 'number' ? p > 0 : p.units > 0n;
}

/** The progress as a JSON value of a stored entry: a number, or the exact decimal text as a string. */
export function progressJson(p: Progress): string {
  return typeof p === 'number' ? String(p) : JSON.stringify(decimalText(p));
}

/** The progress as the reads show it (a JS number; a decimal is rounded to the nearest). */
export function progressNumber(p: Progress): number {
  return typeof p === 'number' ? p : Number(decimalText(p));
}
