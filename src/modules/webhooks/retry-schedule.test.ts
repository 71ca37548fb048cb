import { describe, expect, it } from 'vitest';
import { nextAttemptAt } from './retry-schedule.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('the retry schedule', () => {
  it('waits about 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, then 2 h, within ±20 %', () => {
    const expected = [5_000, 30_000, 2 * MIN, 10 * MIN, 30 * MIN, HOUR, 2 * HOUR, 2 * HOUR];
    expected.forEach((base, i) => {
      expect(nextAttemptAt(i + 1, 0, 0, 0.5)).toBe(base);
      expect(nextAttemptAt(i + 1, 0, 0, 0)).toBe(base * 0.8);
      expect(nextAttemptAt(i + 1, 0, 0, 0.999999)).toBeCloseTo(base * 1.2, -1);
    });
  });

  it('gives up when the next attempt would be more than 24 h after the first', () => {
    expect(nextAttemptAt(10, 0, 21 * HOUR, 0.5)).toBe(23 * HOUR);
    expect(nextAttemptAt(10, 0, 22 * HOUR + 1, 0.5)).toBeNull();
  });
});
