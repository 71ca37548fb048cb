import { describe, expect, it } from 'vitest';
import type { StoredEvent, StoredPageQuery } from '../events/index.js';
import { exactMultiplier, type Campaign } from './campaign-rules.js';
import { CampaignSimulation, checkPeriod, SimulationTally } from './campaign-simulation.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);

const campaign = (over: Partial<Campaign> = {}): Campaign => ({
  campaignId: 'c',
  title: 'C',
  status: 'ACTIVE',
  startAt: 0,
  endAt: 1,
  days: null,
  segmentId: null,
  eventIds: null,
  conditions: null,
  multiplier: 1,
  exactMultiplier: exactMultiplier(1),
  bonus: 5,
  currency: 'points',
  budgetTotal: null,
  budgetPerUser: null,
  priority: 0,
  stacking: 'stack',
  createdAt: 0,
  updatedAt: 0,
  ...over,
});

const events = (n: number): StoredEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    row: i + 1,
    eventId: 'buy',
    userId: `u${i % 3}`,
    occurredAt: T0 + i * 1000,
    points: 10,
    metadata: {},
    userGroups: [],
  }));

/** A store of events answering keyset pages as the events module does, recording what was asked. */
function store(all: StoredEvent[]) {
  const asked: StoredPageQuery[] = [];
  const storedEvents = async (_p: string, q: StoredPageQuery) => {
    asked.push(q);
    const after = q.after;
    return all
      .filter((e) => e.occurredAt >= q.from && e.occurredAt < q.to)
      .filter((e) => after === null || e.occurredAt > after.at || (e.occurredAt === after.at && e.row > after.row))
      .slice(0, q.limit);
  };
  return { asked, storedEvents };
}

describe('campaign simulation', () => {
  it('reads the period in keyset pages and adds every event once', async () => {
    const s = store(events(7));
    const sim = new CampaignSimulation({ draft: async () => campaign(), storedEvents: s.storedEvents }, { maxEvents: 100, page: 3 });
    const r = await sim.simulate('p', { campaign: {} as never, from: T0, to: T0 + DAY });
    expect(r).toMatchObject({ total: 35, events: 7, users: 3, perDay: [{ day: '2026-01-01', points: 35 }] });
    expect(s.asked.map((q) => q.after)).toEqual([null, { at: T0 + 2000, row: 3 }, { at: T0 + 5000, row: 6 }]);
    expect(s.asked.every((q) => q.limit === 3)).toBe(true);
  });

  it('refuses a period holding more events than the cap with PERIOD_TOO_LONG', async () => {
    const s = store(events(7));
    const sim = new CampaignSimulation({ draft: async () => campaign(), storedEvents: s.storedEvents }, { maxEvents: 5, page: 3 });
    await expect(sim.simulate('p', { campaign: {} as never, from: T0, to: T0 + DAY })).rejects.toMatchObject({ code: 'PERIOD_TOO_LONG' });
    const exact = new CampaignSimulation({ draft: async () => campaign(), storedEvents: s.storedEvents }, { maxEvents: 7, page: 3 });
    expect((await exact.simulate('p', { campaign: {} as never, from: T0, to: T0 + DAY })).events).toBe(7);
  });

  it('applies a segment through the audience hook when the draft names one', async () => {
    const s = store(events(6));
    const sim = new CampaignSimulation({ draft: async () => campaign(), storedEvents: s.storedEvents });
    const asked: string[][] = [];
    sim.useAudience(async (_p, segmentId, userIds) => {
      asked.push([segmentId, ...userIds]);
      return new Set(['u1']);
    });
    const r = await sim.simulate('p', { campaign: { segmentId: 'gold' } as never, from: T0, to: T0 + DAY });
    expect(r).toMatchObject({ total: 10, users: 1, topUsers: [{ userId: 'u1', points: 10 }] });
    expect(asked).toEqual([['gold', 'u0', 'u1', 'u2']]);
  });

  it('pays another currency its bonus only, and a multiplier on points exactly', () => {
    const gems = new SimulationTally(
      campaign({ currency: 'gems', multiplier: 2, exactMultiplier: exactMultiplier(2), bonus: 1 }),
      T0,
      T0 + DAY,
    );
    for (const e of events(2)) gems.add(e);
    expect(gems.result()).toMatchObject({ total: 2, currency: 'gems' });
    const x = new SimulationTally(campaign({ multiplier: 1.15, exactMultiplier: exactMultiplier(1.15), bonus: 0 }), T0, T0 + DAY);
    for (const e of events(3)) x.add(e);
    expect(x.result().total).toBe(3);
  });

  it('checks the period: after from, at most 366 days', () => {
    expect(() => checkPeriod(T0, T0)).toThrow(expect.objectContaining({ code: 'INVALID_RANGE' }));
    expect(() => checkPeriod(T0, T0 + 366 * DAY + 1)).toThrow(expect.objectContaining({ code: 'PERIOD_TOO_LONG' }));
    expect(() => checkPeriod(T0, T0 + 366 * DAY)).not.toThrow();
  });
});
