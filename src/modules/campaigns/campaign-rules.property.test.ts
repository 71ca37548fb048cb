import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byPriority, decidePayouts, exactMultiplier, wantedFor, type Campaign, type CampaignCandidate } from './campaign-rules.js';

function campaign(i: number, priority: number, stacking: 'stack' | 'exclusive', multiplier = 1, bonus = 0): Campaign {
  return {
    campaignId: `c${i}`,
    title: `C${i}`,
    status: 'ACTIVE',
    startAt: 0,
    endAt: 1,
    days: null,
    eventIds: null,
    segmentId: null,
    conditions: null,
    multiplier,
    exactMultiplier: exactMultiplier(multiplier),
    bonus,
    currency: 'points',
    budgetTotal: null,
    budgetPerUser: null,
    priority,
    stacking,
    createdAt: 0,
    updatedAt: 0,
  };
}

const candidates = fc
  .array(
    fc.record({
      priority: fc.integer({ min: -3, max: 3 }),
      stacking: fc.constantFrom('stack' as const, 'exclusive' as const),
      wanted: fc.integer({ min: 0, max: 50 }),
      left: fc.oneof(fc.integer({ min: 0, max: 60 }), fc.constant(Infinity)),
      inWindow: fc.boolean(),
      inAudience: fc.boolean(),
    }),
    { maxLength: 8 },
  )
  .map((xs) => xs.map((x, i): CampaignCandidate => ({ campaign: campaign(i, x.priority, x.stacking), ...x })));

/** The stacking and budget rules of decision 316, against a model written the obvious way. */
describe('campaign rules', () => {
  it('pays the highest-priority exclusive alone, else every stack one by priority, each cut to its budget', () => {
    fc.assert(
      fc.property(candidates, (cs) => {
        const { paid, missed } = decidePayouts(cs);
        const applying = cs
          .filter((x) => x.wanted > 0 && x.inWindow && x.inAudience && x.left > 0)
          .sort((a, b) => byPriority(a.campaign, b.campaign));
        const exclusive = applying.find((x) => x.campaign.stacking === 'exclusive');
        const expected = exclusive ? [exclusive] : applying;
        expect(paid.map((p) => p.campaign.campaignId)).toEqual(expected.map((x) => x.campaign.campaignId));
        for (const p of paid) {
          const x = cs.find((c) => c.campaign === p.campaign)!;
          expect(p.points).toBe(Math.min(x.wanted, x.left));
          expect(p.points).toBeGreaterThan(0);
        }
        const nearMisses = cs.filter((x) => x.wanted > 0 && (!x.inWindow || !x.inAudience || x.left <= 0));
        expect(missed.map((m) => m.campaign.campaignId).sort()).toEqual(nearMisses.map((x) => x.campaign.campaignId).sort());
        for (const m of missed) {
          const x = cs.find((c) => c.campaign === m.campaign)!;
          expect(m.miss).toBe(!x.inWindow ? 'window' : !x.inAudience ? 'audience' : 'budget');
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
  });

  it('multiplies exactly: floor((m − 1) × base) for decimals as written, plus the bonus', () => {
    expect(wantedFor(campaign(0, 0, 'stack', 1.15), 100)).toBe(15);
    expect(wantedFor(campaign(0, 0, 'stack', 1.1), 10)).toBe(1);
    expect(wantedFor(campaign(0, 0, 'stack', 2), 7)).toBe(7);
    expect(wantedFor(campaign(0, 0, 'stack', 1.5, 3), 5)).toBe(2 + 3);
    expect(wantedFor(campaign(0, 0, 'stack', 3), 0)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000 }), fc.integer({ min: 0, max: 100_000 }), (hundredths, base) => {
        const m = hundredths / 100;
        expect(wantedFor(campaign(0, 0, 'stack', m), base)).toBe(Math.floor(((hundredths - 100) * base) / 100));
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
  });
});
