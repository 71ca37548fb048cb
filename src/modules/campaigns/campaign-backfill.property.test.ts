import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, DAY, defineEvent, NOW } from '../events/events.test-factory.js';
import { defineCampaign } from './campaigns.test-factory.js';

const scenario = fc.record({
  multiplier: fc.constantFrom(1, 1.5, 2, 3),
  bonus: fc.integer({ min: 0, max: 9 }),
  total: fc.option(fc.integer({ min: 1, max: 80 }), { nil: null }),
  perUser: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
  /** [user, event (0: buy, 10 points; 1: login, 3), hours before NOW]. */
  events: fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 1 }), fc.integer({ min: 1, max: 120 })), {
    minLength: 1,
    maxLength: 14,
  }),
});

/**
 * The preview and the backfill agree (decisions 321–322): over the same stored events, a campaign's
 * backfill pays in all what its simulation said it would have, each user what it said, and a second
 * backfill nothing more.
 */
describeSharedApp('campaigns: backfill pays what the preview said, as a property', (t) => {
  it('pays the simulated total, per user, once', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        if (s.multiplier === 1 && s.bonus === 0) return;
        await t.newProject();
        await t.setClock(NOW);
        await defineEvent(t, { eventId: 'buy', reward: { default: 10 } });
        await defineEvent(t, { eventId: 'login', reward: { default: 3 } });
        for (let u = 0; u < 3; u++) await t.createUser(`u${u}`);
        const headers = await t.serviceAuth();
        for (const [u, e, hours] of s.events) {
          const payload = { eventId: e === 0 ? 'buy' : 'login', userId: `u${u}`, timestamp: NOW - hours * 3_600_000 };
          expect((await t.inject({ method: 'POST', url: '/event', headers, payload })).statusCode).toBe(200);
        }
        const before = await Promise.all([0, 1, 2].map((u) => balance(t, `u${u}`)));
        const budget = { ...(s.total === null ? {} : { total: s.total }), ...(s.perUser === null ? {} : { perUser: s.perUser }) };
        const campaign = {
          title: 'P',
          startAt: NOW - 6 * DAY,
          endAt: NOW + DAY,
          effect: { multiplier: s.multiplier, bonus: s.bonus },
          budget,
        };
        const sim = (await t.admin('POST', '/admin/campaign/simulate', { campaign, from: NOW - 6 * DAY, to: NOW })).json();
        await defineCampaign(t, { campaignId: 'p', ...campaign });
        for (let run = 0; run < 2; run++) {
          expect((await t.admin('POST', '/admin/campaign/p/backfill', { from: NOW - 6 * DAY, to: NOW })).statusCode).toBe(202);
          await t.app.services.jobs.runUntilIdle();
        }
        const after = await Promise.all([0, 1, 2].map((u) => balance(t, `u${u}`)));
        const paid = after.map((b, u) => ({ userId: `u${u}`, points: b - before[u]! }));
        expect((await t.admin('GET', '/admin/campaign/p')).json().spent).toBe(sim.total);
        expect(paid.reduce((a, p) => a + p.points, 0)).toBe(sim.total);
        const top = paid.filter((p) => p.points > 0).sort((a, b) => b.points - a.points || (a.userId < b.userId ? -1 : 1));
        expect(top).toEqual(sim.topUsers);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? (t.backend === 'sqlite' ? 10 : 5)) },
    );
  });
});
