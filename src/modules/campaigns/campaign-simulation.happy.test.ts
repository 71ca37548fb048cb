import { beforeEach, expect, it } from 'vitest';
import { describeSharedApp, type TestContext } from '../../../test/helpers/test-app.js';
import { balance, DAY, defineEvent, NOW } from '../events/events.test-factory.js';
import { campaignEvent } from './campaigns.test-factory.js';

/** A draft of next month's campaign: its window never matters to a preview. */
const draft = (body: Record<string, unknown>) => ({ title: 'Promo', startAt: NOW + 10 * DAY, endAt: NOW + 40 * DAY, ...body });

async function simulate(t: TestContext, campaign: Record<string, unknown>, from = NOW - 5 * DAY, to = NOW) {
  const res = await t.admin('POST', '/admin/campaign/simulate', { campaign: draft(campaign), from, to });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    total: number;
    currency: string;
    events: number;
    users: number;
    perDay: Array<{ day: string; points: number }>;
    topUsers: Array<{ userId: string; points: number }>;
    budgetSpentOn: string | null;
  };
}

/** POST /admin/campaign/simulate (decision 321): what a draft would have paid over stored events. */
describeSharedApp('campaigns: simulate', (t) => {
  beforeEach(async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 10 } });
    await defineEvent(t, { eventId: 'login', reward: { default: 1 } });
    for (const u of ['ann', 'bob', 'cy']) await t.createUser(u);
    // 2026-01-12: ann, bob buy; 2026-01-13: ann buys (channel app) and logs in; 2026-01-14: cy, bob buy.
    await campaignEvent(t, 'ann', { timestamp: NOW - 3 * DAY });
    await campaignEvent(t, 'bob', { timestamp: NOW - 3 * DAY + 1000 });
    await campaignEvent(t, 'ann', { timestamp: NOW - 2 * DAY, metadata: { channel: 'app' } });
    await campaignEvent(t, 'ann', { eventId: 'login', timestamp: NOW - 2 * DAY + 1000 });
    await campaignEvent(t, 'cy', { timestamp: NOW - DAY });
    await campaignEvent(t, 'bob', { timestamp: NOW - DAY + 1000 });
  });

  it('answers the total, every day of the period, the users and the top users, and writes nothing', async () => {
    const before = await Promise.all(['ann', 'bob', 'cy'].map((u) => balance(t, u)));
    const r = await simulate(t, { eventIds: ['buy'], effect: { multiplier: 2 } });
    expect(r).toEqual({
      total: 50,
      currency: 'points',
      events: 5,
      users: 3,
      perDay: [
        { day: '2026-01-10', points: 0 },
        { day: '2026-01-11', points: 0 },
        { day: '2026-01-12', points: 20 },
        { day: '2026-01-13', points: 10 },
        { day: '2026-01-14', points: 20 },
        { day: '2026-01-15', points: 0 },
      ],
      topUsers: [
        { userId: 'ann', points: 20 },
        { userId: 'bob', points: 20 },
        { userId: 'cy', points: 10 },
      ],
      budgetSpentOn: null,
    });
    expect(await Promise.all(['ann', 'bob', 'cy'].map((u) => balance(t, u)))).toEqual(before);
    expect((await t.admin('GET', '/admin/campaign')).json()).toEqual([]);
    expect((await campaignEvent(t, 'ann')).campaigns).toBeUndefined();
  });

  it('runs the total budget out in time order and names the day it ran out', async () => {
    const r = await simulate(t, { eventIds: ['buy'], effect: { bonus: 10 }, budget: { total: 35 } });
    expect(r).toMatchObject({ total: 35, events: 4, users: 3, budgetSpentOn: '2026-01-14' });
    expect(r.perDay.filter((d) => d.points > 0)).toEqual([
      { day: '2026-01-12', points: 20 },
      { day: '2026-01-13', points: 10 },
      { day: '2026-01-14', points: 5 },
    ]);
  });

  it('keeps a per-user budget per user, and applies conditions and every event when eventIds is absent', async () => {
    expect(await simulate(t, { effect: { bonus: 7 }, budget: { perUser: 10 } })).toMatchObject({
      total: 27,
      events: 5,
      topUsers: [
        { userId: 'ann', points: 10 },
        { userId: 'bob', points: 10 },
        { userId: 'cy', points: 7 },
      ],
    });
    const app = { type: 'AND', conditions: [{ field: 'channel', operator: 'equals', value: 'app' }] };
    expect(await simulate(t, { effect: { multiplier: 3 }, conditions: app })).toMatchObject({
      total: 20,
      events: 1,
      topUsers: [{ userId: 'ann', points: 20 }],
    });
  });

  it('replays only [from, to), and a draft of another status or id alike', async () => {
    const r = await simulate(t, { campaignId: 'taken', status: 'INACTIVE', effect: { bonus: 1 } }, NOW - 2 * DAY, NOW - DAY);
    expect(r).toMatchObject({
      total: 2,
      events: 2,
      users: 1,
      perDay: [
        { day: '2026-01-13', points: 2 },
        { day: '2026-01-14', points: 0 },
      ],
    });
    expect((await simulate(t, { effect: { bonus: 1 } }, NOW - 30 * DAY, NOW - 4 * DAY)).total).toBe(0);
  });
});
