import { describe, expect, it } from 'vitest';
import { decimalNumber } from '../events/index.js';
import { lastChallengeActivity, progressIncrement, userChallenges, type Challenge, type Progress } from './challenge-view.js';

const T = 1_800_000_000_000;

function challenge(id: string, extra: Partial<Challenge> = {}): Challenge {
  return {
    challengeId: id,
    title: { en: id },
    description: {},
    type: 'FIXED',
    eventId: 'purchase',
    conditions: null,
    valueField: null,
    goal: 2,
    points: 10,
    seriesId: null,
    step: null,
    isLastStep: false,
    startDate: null,
    endDate: null,
    image: null,
    status: 'ACTIVE',
    activatedAt: T,
    createdAt: T,
    updatedAt: T,
    ...extra,
  };
}

const progress = (entries: Record<string, Progress>) => new Map(Object.entries(entries));

describe('userChallenges', () => {
  it('lists the first open step of a series, skipping inactive steps, and marks the highest step as last', () => {
    const defs = [
      challenge('a', { seriesId: 's', step: 1 }),
      challenge('b', { seriesId: 's', step: 2, status: 'INACTIVE' }),
      challenge('c', { seriesId: 's', step: 3 }),
    ];
    expect(userChallenges(defs, progress({}), T).map((c) => c.challengeId)).toEqual(['a']);
    const after = userChallenges(defs, progress({ a: { progress: 2, completedAt: T + 1 } }), T + 2);
    expect(after.map((c) => [c.challengeId, c.status, c.isLastStep])).toEqual([
      ['a', 'COMPLETED', false],
      ['c', 'ACTIVE', true],
    ]);
  });

  it('hides a challenge before its start and shows EXPIRED after its end unless completed', () => {
    const defs = [challenge('x', { startDate: T + 10, endDate: T + 20 }), challenge('y', { startDate: T + 10, endDate: T + 20 })];
    expect(userChallenges(defs, progress({}), T + 9)).toEqual([]);
    const done = progress({ y: { progress: 2, completedAt: T + 15 } });
    expect(userChallenges(defs, done, T + 21).map((c) => c.status)).toEqual(['EXPIRED', 'COMPLETED']);
    expect(userChallenges(defs, done, T + 20).map((c) => c.status)).toEqual(['ACTIVE', 'COMPLETED']);
  });

  it('shows the completion time as ISO 8601', () => {
    const [c] = userChallenges([challenge('x')], progress({ x: { progress: 2, completedAt: Date.UTC(2027, 0, 1) } }), T);
    expect(c!.completedDate).toBe('2027-01-01T00:00:00.000Z');
  });
});

/** The increment as a number (progressIncrement returns an exact decimal). */
const inc = (...args: Parameters<typeof progressIncrement>) => decimalNumber(progressIncrement(...args));

describe('progressIncrement', () => {
  it('counts 1 for FIXED and the positive metadata value for SUM', () => {
    expect(inc(challenge('f'), {}, T, T)).toBe(1);
    const sum = challenge('s', { type: 'SUM', valueField: 'amount' });
    expect(inc(sum, { amount: 12.5 }, T, T)).toBe(12.5);
    expect(inc(sum, { amount: -3 }, T, T)).toBe(0);
    expect(inc(sum, { amount: '12' }, T, T)).toBe(12);
    expect(inc(sum, { amount: 'twelve' }, T, T)).toBe(0);
    expect(inc(sum, {}, T, T)).toBe(0);
  });

  it('counts only events inside [startDate, endDate] received before the end', () => {
    const c = challenge('t', { startDate: T, endDate: T + 100 });
    expect(inc(c, {}, T - 1, T + 5)).toBe(0);
    expect(inc(c, {}, T, T)).toBe(1);
    expect(inc(c, {}, T + 100, T + 100)).toBe(1);
    expect(inc(c, {}, T + 50, T + 101)).toBe(0);
  });

  it('applies the conditions to the metadata', () => {
    const c = challenge('k', {
      conditions: {
        type: 'OR',
        conditions: [
          { field: 'shop', operator: 'equals', value: 'x' },
          { field: 'amount', operator: 'greater_than', value: 5 },
        ],
      },
    });
    expect(inc(c, { shop: 'y', amount: 3 }, T, T)).toBe(0);
    expect(inc(c, { shop: 'x' }, T, T)).toBe(1);
    expect(inc(c, { amount: 6 }, T, T)).toBe(1);
  });
});

describe('lastChallengeActivity', () => {
  it('is the latest of activation, start date, unlocking and completion, never in the future', () => {
    const defs = [
      challenge('a', { seriesId: 's', step: 1, activatedAt: T }),
      challenge('b', { seriesId: 's', step: 2, activatedAt: T }),
      challenge('later', { activatedAt: T, startDate: T + 1000 }),
    ];
    expect(lastChallengeActivity(defs, progress({}), T + 10)).toBe(T);
    expect(lastChallengeActivity(defs, progress({ a: { progress: 2, completedAt: T + 50 } }), T + 60)).toBe(T + 50);
    expect(lastChallengeActivity(defs, progress({ a: { progress: 2, completedAt: T + 50 } }), T + 1000)).toBe(T + 1000);
    expect(lastChallengeActivity([], progress({}), T)).toBeNull();
  });

  it('ignores inactive challenges and locked steps', () => {
    const defs = [
      challenge('a', { seriesId: 's', step: 1, activatedAt: T }),
      challenge('b', { seriesId: 's', step: 2, activatedAt: T + 5 }),
      challenge('off', { status: 'INACTIVE', activatedAt: null }),
    ];
    expect(lastChallengeActivity(defs, progress({}), T + 10)).toBe(T);
  });
});
