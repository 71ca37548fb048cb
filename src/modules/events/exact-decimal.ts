/**
 * Exact decimal arithmetic for metadata values (decision 190). A JSON number arrives as a binary
 * double, but the shortest text that reads back as the same double (`String(x)`) is the decimal
 * the client wrote for any value of up to 15 significant digits: 19.99 is "19.99". Rewards and SUM
 * progress are computed on that decimal with BigInt, so floor(19.99 × 100) is 1999, not 1998.
 */
export interface Decimal {
  /** The value is units / 10^scale. */
  units: bigint;
  scale: number;
}

export const ZERO: Decimal = { units: 0n, scale: 0 };
const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
/** Beyond this many digits after the point a value is not a written decimal but noise. */
const MAX_SCALE = 64;

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** Removes trailing zeros after the point (the canonical form: 1.50 is 1.5, 2.0 is 2). */
function normalized(d: Decimal): Decimal {
  let { units, scale } = d;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  return { units, scale };
}

/** A whole number as written without sign, exponent or point, short enough to be exact as a double. */
const WHOLE_TEXT = /^-?\d{1,15}$/;

/** The decimal of a finite number, or of a numeric string as written; null when it is neither. */
export function parseDecimal(value: number | string): Decimal | null {
  // Whole numbers (counts, most amounts, stored progress) skip the general parse: no regex groups, no normalizing.
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return { units: BigInt(value), scale: 0 };
    return Number.isFinite(value) ? fromText(String(value)) : null;
  }
  if (WHOLE_TEXT.test(value)) return { units: BigInt(value), scale: 0 };
  const text = value.trim();
  const exact = text === '' ? null : fromText(text);
  if (exact) return exact;
  // Other notations Number() reads (hexadecimal, …) are taken at their numeric value.
  const n = text === '' ? NaN : Number(text);
  return Number.isFinite(n) ? fromText(String(n)) : null;
}

function fromText(text: string): Decimal | null {
  const m = DECIMAL_TEXT.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const fraction = m[3] ?? '';
  let scale = fraction.length - Number(m[4] ?? 0);
  let digits = BigInt(`${m[2] || '0'}${fraction}`);
  if (scale < 0) {
    digits *= pow10(-scale);
    scale = 0;
  }
  if (scale > MAX_SCALE) return null;
  return normalized({ units: m[1] === '-' ? -digits : digits, scale });
}

function aligned(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
}

export function addDecimals(a: Decimal, b: Decimal): Decimal {
  if (a.scale === 0 && b.scale === 0) return { units: a.units + b.units, scale: 0 };
  const [x, y, scale] = aligned(a, b);
  return normalized({ units: x + y, scale });
}

/** -1, 0 or 1 as a <, =, > b. */
export function compareDecimals(a: Decimal, b: Decimal): number {
  if (a.scale === b.scale) return a.units < b.units ? -1 : a.units > b.units ? 1 : 0;
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** floor(a × b), exactly, as a number (the caller checks the range of points). */
export function floorProduct(a: Decimal, b: Decimal): number {
  const units = a.units * b.units;
  const divisor = pow10(a.scale + b.scale);
  let q = units / divisor;
  if (units < 0n && q * divisor !== units) q -= 1n;
  return Number(q);
}

/** The canonical decimal text: `50`, `0.1`, `-1.25`. */
export function decimalText(d: Decimal): string {
  if (d.scale === 0) return d.units.toString();
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  const fraction = d.scale > 0 ? `.${digits.slice(digits.length - d.scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** The number nearest the decimal: the JSON number a client reads back as the exact sum (50, not 49.99999999999999). */
export function decimalNumber(d: Decimal): number {
  return Number(decimalText(d));
}
