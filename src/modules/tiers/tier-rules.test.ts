import { describe, expect, it } from 'vitest';
import { earnedIn, initialTierState, shiftMonth, tierAt, type TierRule } from './tier-rules.js';

const TIERS: TierRule[] = [
  { tierId: 'silver', threshold: 100, multiplier: 1.5 },
  { tierId: 'gold', threshold: 500, multiplier: 2 },
];
const SETTINGS = { windowMonths: 12, graceMonths: 1 };
const at = (y: number, m: number, d = 10) => Date.UTC(y, m - 1, d, 12);

describe('tier rules', () => {
  it('shifts months across years both ways', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-03', -15)).toBe('2024-12');
  });

  it('sums the window of the last n months, the last one included', () => {
    const monthly = new Map([
      ['2025-03', 50],
      ['2025-04', 10],
      ['2026-03', 7],
    ]);
    expect(earnedIn(monthly, '2026-03', 11)).toBe(7);
    expect(earnedIn(monthly, '2026-03', 12)).toBe(17);
    expect(earnedIn(monthly, '2026-03', 13)).toBe(67);
  });

  it('upgrades at once to the highest tier the window reaches', () => {
    const now = at(2026, 3);
    const state = tierAt(TIERS, SETTINGS, initialTierState(now), new Map([['2026-03', 600]]), now);
    expect(state).toMatchObject({ tierId: 'gold', since: now, shortChecks: 0 });
  });

  it('keeps the tier through the grace checks, then moves down to what the window gives', () => {
    const reached = at(2025, 3);
    const monthly = new Map([
      ['2025-03', 520],
      ['2025-06', 120],
    ]);
    const gold = tierAt(TIERS, SETTINGS, initialTierState(reached), monthly, reached);
    expect(gold.tierId).toBe('gold');
    // March 2025 leaves the window at the check of 2026-04-01: short once (grace 1), still gold.
    const april = tierAt(TIERS, SETTINGS, gold, monthly, at(2026, 4));
    expect(april).toMatchObject({ tierId: 'gold', since: reached, shortChecks: 1 });
    // Short again at the check of 2026-05-01: silver (June 2025 still in the window).
    const may = tierAt(TIERS, SETTINGS, april, monthly, at(2026, 5));
    expect(may).toMatchObject({ tierId: 'silver', since: Date.UTC(2026, 4, 1), shortChecks: 0 });
    // Evaluated in one step from the start, the result is the same.
    expect(tierAt(TIERS, SETTINGS, gold, monthly, at(2026, 5))).toEqual(may);
    // Two years later with nothing earned: no tier.
    expect(tierAt(TIERS, SETTINGS, may, monthly, at(2028, 1)).tierId).toBeNull();
  });

  it('moves down at the first short check without grace', () => {
    const reached = at(2025, 3);
    const monthly = new Map([['2025-03', 520]]);
    const gold = tierAt(TIERS, { windowMonths: 1, graceMonths: 0 }, initialTierState(reached), monthly, reached);
    expect(tierAt(TIERS, { windowMonths: 1, graceMonths: 0 }, gold, monthly, at(2025, 4)).tierId).toBe('gold');
    expect(tierAt(TIERS, { windowMonths: 1, graceMonths: 0 }, gold, monthly, at(2025, 5))).toMatchObject({ tierId: null, since: null });
  });

  it('a check that finds the tier reached again clears the short count', () => {
    const reached = at(2025, 3);
    const monthly = new Map([
      ['2025-03', 520],
      ['2026-03', 600],
    ]);
    const gold = tierAt(TIERS, SETTINGS, initialTierState(reached), monthly, reached);
    expect(tierAt(TIERS, SETTINGS, gold, monthly, at(2026, 6))).toMatchObject({ tierId: 'gold', shortChecks: 0 });
  });

  it('leaves a tier that was deleted', () => {
    const state = { tierId: 'platinum', since: 1, checkedMonth: '2026-03', shortChecks: 0 };
    expect(tierAt(TIERS, SETTINGS, state, new Map([['2026-03', 150]]), at(2026, 3))).toMatchObject({ tierId: 'silver' });
  });
});
