import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, defineEvent, NOW } from '../events/events.test-factory.js';
import { defineCampaign } from './campaigns.test-factory.js';

const scenario = fc.record({
  bonus: fc.integer({ min: 1, max: 9 }),
  total: fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
  perUser: fc.option(fc.integer({ min: 1, max: 25 }), { nil: null }),
  events: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 16 }),
});

/**
 * Budgets are exact whatever the batching: events sent all at once pay in all
 * min(total, Σ per user min(perUser, events × bonus)), and no user more than perUser (decision 317).
 */
describeSharedApp('campaigns: budgets as a property', (t) => {
  it('pays exactly what the budgets allow when the events arrive together', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        await t.newProject();
        await t.setClock(NOW);
        await defineEvent(t, { eventId: 'buy', reward: { default: 1 } });
        const budget = { ...(s.total === null ? {} : { total: s.total }), ...(s.perUser === null ? {} : { perUser: s.perUser }) };
        await defineCampaign(t, { campaignId: 'b', effect: { bonus: s.bonus }, budget });
        for (let u = 0; u < 4; u++) await t.createUser(`u${u}`);
        const headers = await t.serviceAuth();
        await Promise.all(
          s.events.map((u) => t.inject({ method: 'POST', url: '/event', headers, payload: { eventId: 'buy', userId: `u${u}` } })),
        );
        let want = 0;
        for (let u = 0; u < 4; u++) {
          const n = s.events.filter((x) => x === u).length;
          const mine = Math.min(s.perUser ?? Infinity, n * s.bonus);
          want += mine;
          const extra = (await balance(t, `u${u}`)) - n;
          expect(extra).toBeLessThanOrEqual(mine);
        }
        want = Math.min(s.total ?? Infinity, want);
        expect((await t.admin('GET', '/admin/campaign/b')).json().spent).toBe(want);
        let paid = 0;
        for (let u = 0; u < 4; u++) paid += await balance(t, `u${u}`);
        expect(paid - s.events.length).toBe(want);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? (t.backend === 'sqlite' ? 12 : 6)) },
    );
  });
});
