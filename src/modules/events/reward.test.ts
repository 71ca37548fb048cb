import { describe, expect, it } from 'vitest';
import type { EventDefinition } from './events.schemas.js';
import { computeReward, rewardRate, tieredReward, userGroupsOf } from './reward.js';

function definition(overrides: Partial<EventDefinition>): EventDefinition {
  return {
    eventId: 'e',
    title: 'E',
    description: '',
    status: 'ACTIVE',
    type: 'FIXED',
    reward: { default: 10 },
    rewardValueField: null,
    limit: null,
    limitPeriod: 'daily',
    pendingDays: 0,
    maximumReward: null,
    conditions: null,
    metadataFields: [],
    requiresApiKey: false,
    image: null,
    createdAt: 0,
    updatedAt: 0,
    ...overrides,
  };
}

describe('rewardRate', () => {
  it('takes the highest reward among the named groups that have one, else default', () => {
    const reward = { default: 10, gold: 30, silver: 20, tin: 5 };
    expect(rewardRate(reward, ['silver', 'gold'])).toEqual({ rate: 30, userGroupId: 'gold' });
    expect(rewardRate(reward, ['tin'])).toEqual({ rate: 5, userGroupId: 'tin' });
    expect(rewardRate(reward, ['unknown'])).toEqual({ rate: 10, userGroupId: 'default' });
    expect(rewardRate(reward, [])).toEqual({ rate: 10, userGroupId: 'default' });
  });
});

describe('computeReward', () => {
  it('pays the fixed reward, floored and capped', () => {
    expect(computeReward(definition({ reward: { default: 7.9 } }), {}, []).points).toBe(7);
    expect(computeReward(definition({ reward: { default: 70 }, maximumReward: 50 }), {}, []).points).toBe(50);
  });

  it('pays floor(value × reward) for TRANSACTION', () => {
    const def = definition({ type: 'TRANSACTION', rewardValueField: 'amount', reward: { default: 0.1, gold: 0.2 } });
    expect(computeReward(def, { amount: 99.99 }, []).points).toBe(9);
    expect(computeReward(def, { amount: '50' }, []).points).toBe(5);
    expect(computeReward(def, { amount: 99.99 }, ['gold'])).toEqual({ points: 19, uncapped: 19, userGroupId: 'gold' });
    expect(computeReward({ ...def, maximumReward: 3 }, { amount: 1000 }, [])).toEqual({ points: 3, uncapped: 100, userGroupId: 'default' });
  });

  it('multiplies by a tier before the cap, rounding down', () => {
    expect(tieredReward(15, 1.5, null)).toBe(22);
    expect(tieredReward(100, 2, 150)).toBe(150);
    expect(tieredReward(7, 1.1, 10)).toBe(7);
    expect(() => tieredReward(Number.MAX_SAFE_INTEGER, 2, null)).toThrow();
  });

  it('refuses a TRANSACTION without a non-negative number in the value field', () => {
    const def = definition({ type: 'TRANSACTION', rewardValueField: 'amount' });
    expect(() => computeReward(def, {}, [])).toThrow(/amount/);
    expect(() => computeReward(def, { amount: -1 }, [])).toThrow(/amount/);
    expect(() => computeReward(def, { amount: 'x' }, [])).toThrow(/amount/);
  });
});

describe('userGroupsOf', () => {
  it('reads a string or an array, dropping default, blanks and duplicates', () => {
    expect(userGroupsOf({ usergroup: 'gold' })).toEqual(['gold']);
    expect(userGroupsOf({ usergroup: ['gold', 'gold', 'default', '', 'silver'] })).toEqual(['gold', 'silver']);
    expect(userGroupsOf({ usergroup: 5 })).toEqual([]);
    expect(userGroupsOf({})).toEqual([]);
  });
});
