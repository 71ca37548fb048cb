import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, defineEvent } from '../events/events.test-factory.js';
import { defineSegment, setAttributes } from '../segments/segments.test-factory.js';
import { campaignEvent } from './campaigns.test-factory.js';

const HOUR = 3_600_000;
const at = (y: number, m: number, d: number, h = 12) => Date.UTC(y, m - 1, d, h);

/**
 * Issue 28's "Done when", through the API: "Double points on weekends for gold members, at most
 * 100,000 points in total" is set up, previewed against last month, launched, and seen paying and
 * stopping at its budget.
 */
describeSharedApp('campaigns: double points on weekends for gold members, at most 100,000 in total', (t) => {
  it('is previewed against last month, launched, pays gold members on weekends only, and stops at its budget', async () => {
    // Last month (December 2025): purchases of 10,000 points each.
    await t.setClock(at(2025, 12, 1));
    await defineEvent(t, { eventId: 'purchase', reward: { default: 10_000 } });
    for (const u of ['gina', 'gus', 'sam']) await t.createUser(u);
    await setAttributes(t, 'gina', { plan: 'gold' });
    await setAttributes(t, 'gus', { plan: 'gold' });
    await setAttributes(t, 'sam', { plan: 'silver' });
    await defineSegment(t, {
      segmentId: 'gold',
      title: 'Gold members',
      rules: [{ field: 'attributes.plan', operator: 'equals', value: 'gold' }],
    });
    // Saturday 6th: gina twice, gus, sam; Tuesday 9th: gina; Sunday 14th: gus, sam.
    const december: Array<[string, number]> = [
      ['gina', at(2025, 12, 6)],
      ['gina', at(2025, 12, 6, 13)],
      ['gus', at(2025, 12, 6, 14)],
      ['sam', at(2025, 12, 6, 15)],
      ['gina', at(2025, 12, 9)],
      ['gus', at(2025, 12, 14)],
      ['sam', at(2025, 12, 14, 13)],
    ];
    for (const [u, time] of december) {
      await t.setClock(time);
      await campaignEvent(t, u, { eventId: 'purchase' });
    }

    // January: the campaign for the month, previewed against December first.
    await t.setClock(at(2026, 1, 2));
    const campaign = {
      campaignId: 'gold-weekends',
      title: 'Double points on weekends for gold members',
      startAt: at(2026, 1, 1, 0),
      endAt: at(2026, 2, 1, 0),
      days: ['SAT', 'SUN'],
      segmentId: 'gold',
      eventIds: ['purchase'],
      effect: { multiplier: 2 },
      budget: { total: 100_000 },
    };
    const preview = await t.admin('POST', '/admin/campaign/simulate', { campaign, from: at(2025, 12, 1, 0), to: at(2026, 1, 1, 0) });
    expect(preview.statusCode).toBe(200);
    // The gold members' four weekend purchases: 4 × 10,000, budget not spent.
    expect(preview.json()).toMatchObject({
      total: 40_000,
      currency: 'points',
      events: 4,
      users: 2,
      budgetSpentOn: null,
      topUsers: [
        { userId: 'gina', points: 20_000 },
        { userId: 'gus', points: 20_000 },
      ],
    });
    expect(preview.json().perDay.find((d: { day: string }) => d.day === '2025-12-06').points).toBe(30_000);
    expect(await balance(t, 'gina')).toBe(30_000); // the preview wrote nothing

    // Launched.
    expect((await t.admin('POST', '/admin/campaign', campaign)).statusCode).toBe(201);
    // Saturday January 3rd: gold members paid double, a silver member not.
    await t.setClock(at(2026, 1, 3));
    expect((await campaignEvent(t, 'gina', { eventId: 'purchase' })).campaigns).toEqual([
      { campaignId: 'gold-weekends', points: 10_000, currency: 'points' },
    ]);
    expect(await campaignEvent(t, 'sam', { eventId: 'purchase' })).not.toHaveProperty('campaigns');
    const log = JSON.stringify((await t.admin('GET', '/admin/event-log?limit=1')).json());
    expect(log).toContain('campaign gold-weekends did not apply: the user is not in its segment');
    // Monday January 5th: not on its days.
    await t.setClock(at(2026, 1, 5));
    expect(await campaignEvent(t, 'gina', { eventId: 'purchase' })).not.toHaveProperty('campaigns');

    // Saturday January 10th: the gold members buy until the budget is spent — 9 more payments, then none.
    await t.setClock(at(2026, 1, 10));
    const paid: number[] = [];
    for (let i = 0; i < 12; i++) {
      await t.setClock(at(2026, 1, 10) + i * HOUR);
      const data = await campaignEvent(t, i % 2 === 0 ? 'gina' : 'gus', { eventId: 'purchase' });
      paid.push(data.campaigns?.[0]?.points ?? 0);
    }
    expect(paid).toEqual([...Array(9).fill(10_000), 0, 0, 0]);
    const view = (await t.admin('GET', '/admin/campaign/gold-weekends')).json();
    expect(view).toMatchObject({ spent: 100_000, remaining: 0, days: ['SAT', 'SUN'], segmentId: 'gold' });
    expect(JSON.stringify((await t.admin('GET', '/admin/event-log?limit=1')).json())).toContain(
      'campaign gold-weekends did not apply: its budget is spent',
    );
  });
});
