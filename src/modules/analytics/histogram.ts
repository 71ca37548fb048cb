/**
 * Histogram bins of numeric metadata on a fixed 1-2-5 scale (…, [1,2), [2,5), [5,10), [10,20), …),
 * mirrored for negative values, with [0,1) and [-1,0) around zero. Fixed edges make bins of
 * different days add up, so a period's histogram is the sum of its buckets' histograms.
 */
export interface HistogramBin {
  /** Inclusive lower edge. */
  min: number;
  /** Exclusive upper edge. */
  max: number;
}

function positiveBin(v: number): HistogramBin {
  if (v < 1) return { min: 0, max: 1 };
  const e = Math.floor(Math.log10(v));
  let base = 10 ** e;
  if (v / base >= 10) base = 10 ** (e + 1); // log10 rounding just below a power of ten
  if (v < base) base = 10 ** (e - 1);
  const m = v / base;
  if (m < 2) return { min: base, max: 2 * base };
  if (m < 5) return { min: 2 * base, max: 5 * base };
  return { min: 5 * base, max: 10 * base };
}

/** The bin of a finite number. Negative values fall in (-max, -min] of their magnitude's bin. */
export function histogramBin(value: number): HistogramBin {
  if (value >= 0) return positiveBin(value);
  const p = positiveBin(-value);
  return { min: -p.max, max: p.min === 0 ? 0 : -p.min };
}

/** Storage key of a bin (`b:<min>:<max>`) and back. */
export function binKey(bin: HistogramBin): string {
  return `b:${bin.min}:${bin.max}`;
}

export function parseBinKey(key: string): HistogramBin | null {
  const m = /^b:(-?[0-9.e+-]+):(-?[0-9.e+-]+)$/.exec(key);
  if (!m) return null;
  return { min: Number(m[1]), max: Number(m[2]) };
}
