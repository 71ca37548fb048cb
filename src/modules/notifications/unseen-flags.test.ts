import { describe, expect, it } from 'vitest';
import { isUnseen, latest } from './unseen-flags.js';

describe('unseen flags', () => {
  it('counts any activity as unseen when there is no marker', () => {
    expect(isUnseen(5, undefined)).toBe(true);
  });
  it('needs activity to be unseen at all', () => {
    expect(isUnseen(null, undefined)).toBe(false);
    expect(isUnseen(null, 10)).toBe(false);
  });
  it('is unseen only when the activity is later than the marker', () => {
    expect(isUnseen(11, 10)).toBe(true);
    expect(isUnseen(10, 10)).toBe(false);
    expect(isUnseen(9, 10)).toBe(false);
  });
  it('takes the latest of several activity times', () => {
    expect(latest(null, null)).toBeNull();
    expect(latest(3, null, 7, 5)).toBe(7);
  });
});
