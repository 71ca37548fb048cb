import { beforeEach, expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, DAY, defineEvent, history, NOW } from '../events/events.test-factory.js';
import { campaignEvent, defineCampaign } from './campaigns.test-factory.js';

/** Campaigns paid at event time (issue 28, decision 316). */
describeSharedApp('campaigns: paying events', (t) => {
  beforeEach(async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 10 } });
    await defineEvent(t, { eventId: 'login', reward: { default: 1 } });
  });

  it('leaves the event response as it was when no campaign applies', async () => {
    await t.createUser('ann');
    const data = await campaignEvent(t, 'ann');
    expect(data.points).toBe(10);
    expect(data).not.toHaveProperty('campaigns');
  });

  it('doubles the reward of the events it names, with a CAMPAIGN history entry that names the campaign', async () => {
    await defineCampaign(t, { campaignId: 'double', title: 'Double points', eventIds: ['buy'], effect: { multiplier: 2 } });
    await t.createUser('ann');
    const data = await campaignEvent(t, 'ann');
    expect(data.points).toBe(10);
    expect(data.campaigns).toEqual([{ campaignId: 'double', points: 10, currency: 'points' }]);
    expect(await campaignEvent(t, 'ann', { eventId: 'login' })).not.toHaveProperty('campaigns');
    expect(await balance(t, 'ann')).toBe(21);
    const entries = (await history(t, 'ann')).json() as Array<Record<string, unknown>>;
    expect(entries).toContainEqual(
      expect.objectContaining({ type: 'CAMPAIGN', points: 10, title: { de: 'Double points', en: 'Double points' } }),
    );
    const campaign = entries.find((e) => e.type === 'CAMPAIGN')!;
    expect(String(campaign.id)).toMatch(/^CAMPAIGN#double#/);
    expect(campaign.campaigns).toEqual([{ campaignId: 'double', points: 10 }]);
  });

  it('writes one CAMPAIGN entry per event and currency that says what each campaign added (decision 328)', async () => {
    expect((await t.admin('POST', '/admin/currency', { currencyId: 'xp', title: { en: 'XP' }, spendable: false })).statusCode).toBe(201);
    await defineCampaign(t, { campaignId: 'double', title: 'Double points', effect: { multiplier: 2 }, priority: 3 });
    await defineCampaign(t, { campaignId: 'bonus', title: 'Bonus', effect: { bonus: 5 }, priority: 2 });
    await defineCampaign(t, { campaignId: 'xp-bonus', title: 'XP bonus', effect: { bonus: 7, currency: 'xp' }, priority: 1 });
    await t.createUser('gus');
    const data = await campaignEvent(t, 'gus');
    expect(data.campaigns).toEqual([
      { campaignId: 'double', points: 10, currency: 'points' },
      { campaignId: 'bonus', points: 5, currency: 'points' },
      { campaignId: 'xp-bonus', points: 7, currency: 'xp' },
    ]);
    expect(await balance(t, 'gus')).toBe(25);
    const entries = ((await history(t, 'gus')).json() as Array<Record<string, unknown>>).filter((e) => e.type === 'CAMPAIGN');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      points: 15,
      title: { en: 'Double points + Bonus' },
      description: { en: 'Double points + Bonus (buy)' },
      campaigns: [
        { campaignId: 'double', points: 10 },
        { campaignId: 'bonus', points: 5 },
      ],
    });
    expect(String(entries[0]!.id)).toMatch(/^CAMPAIGN#double\+bonus#\d+$/);
    const xp = await t.inject({ method: 'GET', url: '/user/gus/history?currency=xp', headers: await t.auth('gus') });
    expect(xp.json()).toEqual([
      expect.objectContaining({ type: 'CAMPAIGN', points: 7, currency: 'xp', campaigns: [{ campaignId: 'xp-bonus', points: 7 }] }),
    ]);
  });

  it('applies a decimal multiplier exactly and rounds down, and only when its conditions hold', async () => {
    await defineCampaign(t, {
      campaignId: 'app',
      effect: { multiplier: 1.15 },
      conditions: { type: 'AND', conditions: [{ field: 'channel', operator: 'equals', value: 'app' }] },
    });
    await t.createUser('bob');
    expect((await campaignEvent(t, 'bob', { metadata: { channel: 'app' } })).campaigns).toEqual([
      { campaignId: 'app', points: 1, currency: 'points' },
    ]);
    expect(await campaignEvent(t, 'bob', { metadata: { channel: 'web' } })).not.toHaveProperty('campaigns');
  });

  it('pays a bonus until its total budget is spent, cutting the last payment, and says so in the event log', async () => {
    await defineCampaign(t, { campaignId: 'first', effect: { bonus: 50 }, budget: { total: 120 } });
    await t.createUser('cy');
    const paid = [];
    for (let i = 0; i < 4; i++) paid.push((await campaignEvent(t, 'cy')).campaigns?.[0]?.points ?? 0);
    expect(paid).toEqual([50, 50, 20, 0]);
    expect(await balance(t, 'cy')).toBe(40 + 120);
    const view = (await t.admin('GET', '/admin/campaign/first')).json();
    expect(view).toMatchObject({ spent: 120, remaining: 0, budget: { total: 120, perUser: null } });
    const log = (await t.admin('GET', '/admin/event-log?limit=1')).json();
    expect(JSON.stringify(log)).toContain('campaign first did not apply: its budget is spent');
  });

  it('keeps a per-user budget per user', async () => {
    await defineCampaign(t, { campaignId: 'each', effect: { bonus: 30 }, budget: { perUser: 50 } });
    await t.createUser('dee');
    await t.createUser('eve');
    const dee = [];
    for (let i = 0; i < 3; i++) dee.push((await campaignEvent(t, 'dee')).campaigns?.[0]?.points ?? 0);
    expect(dee).toEqual([30, 20, 0]);
    expect((await campaignEvent(t, 'eve')).campaigns).toEqual([{ campaignId: 'each', points: 30, currency: 'points' }]);
    expect((await t.admin('GET', '/admin/campaign/each')).json()).toMatchObject({ spent: 80, remaining: null });
  });

  it('pays only the highest-priority exclusive campaign when one applies, else every stack one by priority', async () => {
    await defineCampaign(t, { campaignId: 'a-stack', effect: { bonus: 5 }, priority: 1 });
    await defineCampaign(t, { campaignId: 'b-stack', effect: { bonus: 7 }, priority: 5 });
    await defineCampaign(t, { campaignId: 'c-excl', effect: { bonus: 100 }, priority: 3, stacking: 'exclusive' });
    await defineCampaign(t, { campaignId: 'd-excl', effect: { bonus: 200 }, priority: 2, stacking: 'exclusive' });
    await t.createUser('fay');
    expect((await campaignEvent(t, 'fay')).campaigns).toEqual([{ campaignId: 'c-excl', points: 100, currency: 'points' }]);
    for (const id of ['c-excl', 'd-excl']) expect((await t.admin('DELETE', `/admin/campaign/${id}`)).statusCode).toBe(204);
    expect((await campaignEvent(t, 'fay')).campaigns).toEqual([
      { campaignId: 'b-stack', points: 7, currency: 'points' },
      { campaignId: 'a-stack', points: 5, currency: 'points' },
    ]);
    expect(await balance(t, 'fay')).toBe(10 + 100 + 10 + 12);
  });

  it('skips an exclusive campaign whose budget is spent, so the stack ones pay again', async () => {
    await defineCampaign(t, { campaignId: 'stack', effect: { bonus: 5 } });
    await defineCampaign(t, { campaignId: 'excl', effect: { bonus: 8 }, stacking: 'exclusive', priority: 9, budget: { total: 8 } });
    await t.createUser('gus');
    expect((await campaignEvent(t, 'gus')).campaigns).toEqual([{ campaignId: 'excl', points: 8, currency: 'points' }]);
    expect((await campaignEvent(t, 'gus')).campaigns).toEqual([{ campaignId: 'stack', points: 5, currency: 'points' }]);
  });

  it('pays events whose timestamp is in [startAt, endAt) only', async () => {
    const startAt = NOW - 2 * DAY;
    const endAt = NOW - DAY;
    await defineCampaign(t, { campaignId: 'window', effect: { bonus: 3 }, startAt, endAt });
    await t.createUser('hal');
    const at = async (timestamp: number) => (await campaignEvent(t, 'hal', { timestamp })).campaigns?.[0]?.points ?? 0;
    expect([await at(startAt - 1), await at(startAt), await at(endAt - 1), await at(endAt)]).toEqual([0, 3, 3, 0]);
    expect(await campaignEvent(t, 'hal')).not.toHaveProperty('campaigns');
    const log = (await t.admin('GET', '/admin/event-log?limit=1')).json();
    expect(JSON.stringify(log)).toContain('campaign window did not apply: outside its window');
  });

  it('pays nothing while INACTIVE, and again once ACTIVE', async () => {
    const body = { campaignId: 'paused', title: 'Paused', startAt: NOW - DAY, endAt: NOW + DAY, effect: { bonus: 4 } };
    await defineCampaign(t, { ...body, status: 'INACTIVE' });
    await t.createUser('ivy');
    expect(await campaignEvent(t, 'ivy')).not.toHaveProperty('campaigns');
    expect((await t.admin('PUT', '/admin/campaign/paused', { ...body, status: 'ACTIVE' })).statusCode).toBe(200);
    expect((await campaignEvent(t, 'ivy')).campaigns).toEqual([{ campaignId: 'paused', points: 4, currency: 'points' }]);
  });

  it('pays in another currency, its multiplier on the event reward in that currency', async () => {
    expect((await t.admin('POST', '/admin/currency', { currencyId: 'xp', title: { en: 'XP' }, spendable: false })).statusCode).toBe(201);
    await defineEvent(t, { eventId: 'quest', reward: { default: 2 }, currencyRewards: { xp: { default: 40 } } });
    await defineCampaign(t, { campaignId: 'xp3', eventIds: ['quest'], effect: { multiplier: 3, currency: 'xp' } });
    await t.createUser('jo');
    expect((await campaignEvent(t, 'jo', { eventId: 'quest' })).campaigns).toEqual([{ campaignId: 'xp3', points: 80, currency: 'xp' }]);
  });

  it('lists, reads, replaces and deletes campaigns', async () => {
    const created = await defineCampaign(t, { campaignId: 'crud', effect: { bonus: 1 }, priority: 2 });
    expect(created).toMatchObject({
      campaignId: 'crud',
      status: 'ACTIVE',
      eventIds: null,
      conditions: null,
      effect: { multiplier: 1, bonus: 1, currency: 'points' },
      budget: { total: null, perUser: null },
      priority: 2,
      stacking: 'stack',
      spent: 0,
      remaining: null,
    });
    expect((await t.admin('GET', '/admin/campaign')).json()).toEqual([created]);
    const put = await t.admin('PUT', '/admin/campaign/crud', { title: 'New', startAt: NOW, endAt: NOW + DAY, effect: { multiplier: 1.5 } });
    expect(put.json()).toMatchObject({ title: 'New', effect: { multiplier: 1.5, bonus: 0 }, priority: 0 });
    expect((await t.admin('DELETE', '/admin/campaign/crud')).statusCode).toBe(204);
    expect((await t.admin('GET', '/admin/campaign/crud')).statusCode).toBe(404);
  });
});
