import { beforeEach, expect, it } from 'vitest';
import { describeSharedApp, type TestContext } from '../../../test/helpers/test-app.js';
import { balance, DAY, defineEvent, history, NOW } from '../events/events.test-factory.js';
import { campaignEvent, defineCampaign } from './campaigns.test-factory.js';

async function backfill(t: TestContext, campaignId: string, from = NOW - 5 * DAY, to = NOW + DAY) {
  const res = await t.admin('POST', `/admin/campaign/${campaignId}/backfill`, { from, to });
  expect(res.statusCode, res.body).toBe(202);
  const { jobId } = res.json() as { jobId: string };
  await t.app.services.jobs.runUntilIdle();
  return (await t.admin('GET', `/admin/job/${jobId}`)).json() as { jobId: string; status: string; processed: number };
}

const balances = (t: TestContext) => Promise.all(['ann', 'bob', 'cy'].map((u) => balance(t, u)));

/** POST /admin/campaign/{id}/backfill (decision 322): a durable job that pays past events once per campaign. */
describeSharedApp('campaigns: backfill', (t) => {
  beforeEach(async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 10 } });
    await defineEvent(t, { eventId: 'login', reward: { default: 1 } });
    for (const u of ['ann', 'bob', 'cy']) await t.createUser(u);
    await campaignEvent(t, 'ann', { timestamp: NOW - 3 * DAY });
    await campaignEvent(t, 'bob', { timestamp: NOW - 3 * DAY + 1000 });
    await campaignEvent(t, 'ann', { timestamp: NOW - 2 * DAY });
    await campaignEvent(t, 'ann', { eventId: 'login', timestamp: NOW - 2 * DAY + 1000 });
    await campaignEvent(t, 'cy', { timestamp: NOW - DAY });
  });

  it('pays the past events in its window once, as CAMPAIGN entries at their times; a second run pays nothing more', async () => {
    await defineCampaign(t, { campaignId: 'late', title: 'Late promo', startAt: NOW - 4 * DAY, eventIds: ['buy'], effect: { bonus: 5 } });
    expect(await balances(t)).toEqual([21, 10, 10]);
    const job = await backfill(t, 'late');
    expect(job).toMatchObject({ status: 'done', processed: 4 }); // the stored buys read
    expect(await balances(t)).toEqual([31, 15, 15]);
    const entries = (await history(t, 'ann')).json() as Array<{ type: string; points: number; timestamp?: number }>;
    expect(entries.filter((e) => e.type === 'CAMPAIGN').map((e) => e.points)).toEqual([5, 5]);
    expect((await t.admin('GET', '/admin/campaign/late')).json()).toMatchObject({ spent: 20 });
    // A second backfill of an overlapping period, and the same job's units sent again, pay nothing more.
    expect(await backfill(t, 'late', NOW - 10 * DAY, NOW)).toMatchObject({ status: 'done', processed: 4 });
    expect(await balances(t)).toEqual([31, 15, 15]);
    expect((await t.admin('GET', '/admin/campaign/late')).json()).toMatchObject({ spent: 20 });
  });

  it('does not pay again an event the campaign paid when it happened, nor events outside its window or period', async () => {
    await defineCampaign(t, { campaignId: 'live', startAt: NOW - 2 * DAY - 1, eventIds: ['buy'], effect: { bonus: 5 } });
    expect((await campaignEvent(t, 'bob', { timestamp: NOW - 1000 })).campaigns).toEqual([
      { campaignId: 'live', points: 5, currency: 'points' },
    ]);
    expect(await balances(t)).toEqual([21, 25, 10]);
    expect(await backfill(t, 'live', NOW - 5 * DAY, NOW - DAY + 1)).toMatchObject({ status: 'done', processed: 2 });
    // ann's buy of day −2 and cy's of day −1; not the buys of day −3 (before the window), not bob's (paid live).
    expect(await balances(t)).toEqual([26, 25, 15]);
    expect(await backfill(t, 'live')).toMatchObject({ status: 'done' });
    expect(await balances(t)).toEqual([26, 25, 15]);
    expect((await t.admin('GET', '/admin/campaign/live')).json()).toMatchObject({ spent: 15 });
  });

  it('holds the total and per-user budgets, cutting the payment that reaches one', async () => {
    await defineCampaign(t, {
      campaignId: 'total',
      startAt: NOW - 5 * DAY,
      eventIds: ['buy'],
      effect: { bonus: 10 },
      budget: { total: 25 },
    });
    await backfill(t, 'total');
    // ann 10, bob 10, ann 5 (cut at the budget), cy nothing.
    expect(await balances(t)).toEqual([36, 20, 10]);
    expect((await t.admin('GET', '/admin/campaign/total')).json()).toMatchObject({ spent: 25, remaining: 0 });
    await defineCampaign(t, { campaignId: 'each', startAt: NOW - 5 * DAY, effect: { multiplier: 2 }, budget: { perUser: 12 } });
    await backfill(t, 'each');
    // ann: 10 + 2 (cut; her login comes after the cap), bob: 10, cy: 10.
    expect(await balances(t)).toEqual([48, 30, 20]);
    expect((await t.admin('GET', '/admin/campaign/each')).json()).toMatchObject({ spent: 32 });
    await backfill(t, 'each');
    expect(await balances(t)).toEqual([48, 30, 20]);
  });

  it('pays each event once when the same units are sent again (a retried step) or two jobs run', async () => {
    await defineCampaign(t, { campaignId: 'twice', startAt: NOW - 5 * DAY, eventIds: ['buy'], effect: { bonus: 1 } });
    const campaign = (await t.app.services.campaigns.stored(t.projectId, 'twice'))!;
    const events = await t.app.services.events.qualifyingPage(t.projectId, {
      from: NOW - 5 * DAY,
      to: NOW,
      eventIds: ['buy'],
      after: null,
      limit: 10,
    });
    const units = events.map((event) => ({
      kind: 'campaign-backfill' as const,
      projectId: t.projectId,
      userId: event.userId,
      campaign,
      event,
    }));
    const first = await t.app.services.writes.submitGroup([...units, ...units]);
    expect(first.map((o) => (o.ok ? o.value.points : -1))).toEqual([1, 1, 1, 1, 0, 0, 0, 0]);
    const again = await t.app.services.writes.submitGroup(units);
    expect(again.map((o) => (o.ok ? o.value.points : -1))).toEqual([0, 0, 0, 0]);
    // Two writers at once (two instances' steps) over events of the same campaign: each paid once.
    await defineCampaign(t, { campaignId: 'race', startAt: NOW - 5 * DAY, eventIds: ['buy'], effect: { bonus: 2 }, budget: { total: 7 } });
    const race = (await t.app.services.campaigns.stored(t.projectId, 'race'))!;
    const raced = units.map((u) => ({ ...u, campaign: race }));
    const both = await Promise.all([t.app.services.writes.submitGroup(raced), t.app.services.writes.submitGroup([...raced].reverse())]);
    expect(both.flat().reduce((a, o) => a + (o.ok ? o.value.points : 0), 0)).toBe(7);
    expect((await t.admin('GET', '/admin/campaign/race')).json()).toMatchObject({ spent: 7, remaining: 0 });
    await Promise.all([
      t.admin('POST', '/admin/campaign/twice/backfill', { from: NOW - 5 * DAY, to: NOW }),
      t.admin('POST', '/admin/campaign/twice/backfill', { from: NOW - 4 * DAY, to: NOW }),
    ]);
    await t.app.services.jobs.runUntilIdle();
    // + 1 per buy (twice: 'twice' paid by the units above, then nothing by the jobs), + 7 of 'race' in all.
    expect((await balances(t)).reduce((a, b) => a + b, 0)).toBe(21 + 10 + 10 + 4 + 7);
  });
});
