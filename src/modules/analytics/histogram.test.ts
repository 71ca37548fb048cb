import { describe, expect, it } from 'vitest';
import { binKey, histogramBin, parseBinKey } from './histogram.js';

describe('histogram bins on a 1-2-5 scale', () => {
  it.each([
    [0, 0, 1],
    [0.5, 0, 1],
    [1, 1, 2],
    [1.99, 1, 2],
    [2, 2, 5],
    [4.9, 2, 5],
    [5, 5, 10],
    [9.999, 5, 10],
    [10, 10, 20],
    [1000, 1000, 2000],
    [49.5, 20, 50],
    [250, 200, 500],
    [-0.5, -1, 0],
    [-3, -5, -2],
  ])('puts %d in [%d, %d)', (value, min, max) => {
    expect(histogramBin(value)).toEqual({ min, max });
  });

  it('round-trips a bin through its storage key', () => {
    expect(parseBinKey(binKey({ min: -5, max: -2 }))).toEqual({ min: -5, max: -2 });
    expect(parseBinKey(binKey({ min: 1000, max: 2000 }))).toEqual({ min: 1000, max: 2000 });
    expect(parseBinKey('v:x')).toBeNull();
  });
});
