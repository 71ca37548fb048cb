import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { DAY, defineEvent, NOW } from '../events/events.test-factory.js';
import { campaignEvent } from './campaigns.test-factory.js';

/** The keyset pages the simulation and the backfill read (decision 321): every qualifying event once, in time order. */
describeSharedApp('campaigns: pages of stored events', (t) => {
  it('walks events of one millisecond across pages, skips those that earned nothing, and keeps to the period and event ids', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 10 } });
    await defineEvent(t, { eventId: 'once', reward: { default: 1 }, limit: 1, limitPeriod: 'lifetime' });
    await t.createUser('ann');
    await t.createUser('bob');
    const at = NOW - DAY;
    for (let i = 0; i < 5; i++) await campaignEvent(t, i % 2 ? 'bob' : 'ann', { timestamp: at });
    await campaignEvent(t, 'ann', { timestamp: at - 1 });
    await campaignEvent(t, 'ann', { eventId: 'once', timestamp: at + 1 });
    await campaignEvent(t, 'ann', { eventId: 'once', timestamp: at + 2 }); // over its limit: earned nothing
    await campaignEvent(t, 'ann', { timestamp: NOW - 1 });
    const read = async (eventIds: string[] | null, from = at - 1, to = NOW - 1) => {
      const seen: Array<{ row: number; occurredAt: number; eventId: string; points: number }> = [];
      let after: { at: number; row: number } | null = null;
      for (let pages = 0; pages < 20; pages++) {
        const page = await t.app.services.events.qualifyingPage(t.projectId, { from, to, eventIds, after, limit: 2 });
        seen.push(...page.map((e) => ({ row: e.row, occurredAt: e.occurredAt, eventId: e.eventId, points: e.points })));
        if (page.length < 2) break;
        after = { at: page[1]!.occurredAt, row: page[1]!.row };
      }
      return seen;
    };
    const all = await read(null);
    expect(all.map((e) => [e.occurredAt - at, e.eventId, e.points])).toEqual([
      [-1, 'buy', 10],
      [0, 'buy', 10],
      [0, 'buy', 10],
      [0, 'buy', 10],
      [0, 'buy', 10],
      [0, 'buy', 10],
      [1, 'once', 1],
    ]);
    expect(new Set(all.map((e) => e.row)).size).toBe(7);
    expect((await read(['once'])).map((e) => e.eventId)).toEqual(['once']);
    expect(await read(null, at + 1, at + 3)).toHaveLength(1);
  });
});
