import { beforeEach, expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { campaignEvent, defineCampaign } from '../campaigns/campaigns.test-factory.js';
import { balance, DAY, defineEvent, defineGroups, NOW } from '../events/events.test-factory.js';
import { defineSegment, setAttributes } from './segments.test-factory.js';

/** Campaigns with a segment pay only its members at the event (decision 320). */
describeSharedApp('segments: campaign audiences', (t) => {
  beforeEach(async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 10 } });
  });

  it('pays only members, and the event log names the near miss', async () => {
    await defineSegment(t, { segmentId: 'premium', rules: [{ field: 'attributes.plan', operator: 'equals', value: 'premium' }] });
    const created = await defineCampaign(t, { campaignId: 'vip-bonus', segmentId: 'premium', effect: { bonus: 5 } });
    expect(created.segmentId).toBe('premium');
    await t.createUser('ann');
    await t.createUser('bob');
    await setAttributes(t, 'ann', { plan: 'premium' });
    expect((await campaignEvent(t, 'ann')).campaigns).toEqual([{ campaignId: 'vip-bonus', points: 5, currency: 'points' }]);
    expect(await campaignEvent(t, 'bob')).not.toHaveProperty('campaigns');
    const log = (await t.admin('GET', '/admin/event-log?limit=1')).json();
    expect(log.entries[0]).toMatchObject({
      userId: 'bob',
      reason: '10 points awarded; campaign vip-bonus did not apply: the user is not in its segment',
    });
    expect(await balance(t, 'ann')).toBe(15);
    expect(await balance(t, 'bob')).toBe(10);
    // The segment's rules are read anew after a change.
    await setAttributes(t, 'bob', { plan: 'premium' });
    expect((await campaignEvent(t, 'bob')).campaigns).toEqual([{ campaignId: 'vip-bonus', points: 5, currency: 'points' }]);
  });

  it('reads the balance before the event, with the earlier events of the same batch counted, as one by one', async () => {
    await defineSegment(t, { segmentId: 'twenty', rules: [{ field: 'balance.points', operator: 'greater_than_or_equal', value: 20 }] });
    await defineCampaign(t, { campaignId: 'loyal', segmentId: 'twenty', effect: { bonus: 5 } });
    await t.createUser('one');
    await t.createUser('all');
    const single = [];
    for (let i = 0; i < 4; i++) single.push((await campaignEvent(t, 'one')).campaigns?.[0]?.points ?? 0);
    // Before each event: 0, 10, 20 (paid), 35 (paid).
    expect(single).toEqual([0, 0, 5, 5]);
    const headers = await t.serviceAuth();
    const together = await Promise.all(
      Array.from({ length: 4 }, () => t.inject({ method: 'POST', url: '/event', headers, payload: { eventId: 'buy', userId: 'all' } })),
    );
    expect(together.map((r) => (r.json().data.campaigns?.[0]?.points as number | undefined) ?? 0)).toEqual([0, 0, 5, 5]);
    expect(await balance(t, 'all')).toBe(await balance(t, 'one'));
  });

  it('reads balances and lifetime earnings of other currencies before the event too', async () => {
    const gems = await t.admin('POST', '/admin/currency', { currencyId: 'gems', title: { en: 'Gems' }, spendable: false });
    expect(gems.statusCode).toBe(201);
    await defineEvent(t, { eventId: 'quest', reward: { default: 1 }, currencyRewards: { gems: { default: 10 } } });
    await defineSegment(t, {
      segmentId: 'gem-holders',
      rules: [
        { field: 'balance.gems', operator: 'greater_than_or_equal', value: 10 },
        { field: 'lifetime.gems', operator: 'greater_than_or_equal', value: 10 },
      ],
    });
    await defineCampaign(t, { campaignId: 'gem-bonus', eventIds: ['quest'], segmentId: 'gem-holders', effect: { bonus: 2 } });
    await t.createUser('kim');
    await t.createUser('lee');
    const single = [];
    for (let i = 0; i < 3; i++) single.push((await campaignEvent(t, 'kim', { eventId: 'quest' })).campaigns?.length ?? 0);
    expect(single).toEqual([0, 1, 1]);
    const headers = await t.serviceAuth();
    const together = await Promise.all(
      Array.from({ length: 3 }, () => t.inject({ method: 'POST', url: '/event', headers, payload: { eventId: 'quest', userId: 'lee' } })),
    );
    expect(together.map((r) => r.json().data.campaigns?.length ?? 0)).toEqual([0, 1, 1]);
  });

  it('counts the groups and events before the event, those of the same batch too', async () => {
    await defineGroups(t, 'vip');
    await defineSegment(t, {
      segmentId: 'regulars',
      match: 'any',
      rules: [
        { field: 'group', operator: 'equals', value: 'vip' },
        { field: 'events.buy.1d', operator: 'greater_than_or_equal', value: 2 },
      ],
    });
    await defineCampaign(t, { campaignId: 'regular', segmentId: 'regulars', effect: { bonus: 1 } });
    await t.createUser('gus');
    await t.createUser('hal');
    const headers = await t.serviceAuth();
    const send = (userId: string, metadata: Record<string, unknown> = {}) =>
      t.inject({ method: 'POST', url: '/event', headers, payload: { eventId: 'buy', userId, metadata } });
    // The group an event names counts from the user's next event on (its own is decided before it).
    expect((await send('gus', { usergroup: 'vip' })).json().data).not.toHaveProperty('campaigns');
    expect((await send('gus')).json().data.campaigns).toHaveLength(1);
    const hal = await Promise.all([send('hal'), send('hal'), send('hal')]);
    expect(hal.map((r) => r.json().data.campaigns?.length ?? 0)).toEqual([0, 0, 1]);
    // A day later the events have left the window.
    await t.setClock(NOW + 2 * DAY);
    expect((await send('hal')).json().data).not.toHaveProperty('campaigns');
  });

  it('refuses a campaign naming an unknown segment, and a segment a campaign names cannot be deleted', async () => {
    const bad = await t.admin('POST', '/admin/campaign', {
      campaignId: 'c',
      title: 'C',
      startAt: NOW,
      endAt: NOW + DAY,
      segmentId: 'nope',
      effect: { bonus: 1 },
    });
    expect(bad.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.any(String), code: 'UNKNOWN_SEGMENT' });
    expect((await t.admin('GET', '/admin/campaign')).json()).toEqual([]);
    await defineSegment(t, { segmentId: 'used', rules: [{ field: 'tier', operator: 'exists' }] });
    await defineCampaign(t, { campaignId: 'c', segmentId: 'used', effect: { bonus: 1 } });
    const refused = await t.admin('DELETE', '/admin/segment/used');
    expect(refused.json()).toEqual({ statusCode: 409, error: 'Conflict', message: expect.any(String), code: 'SEGMENT_IN_USE' });
    expect((await t.admin('GET', '/admin/segment/used')).statusCode).toBe(200);
    const put = await t.admin('PUT', '/admin/campaign/c', { title: 'C', startAt: NOW, endAt: NOW + DAY, effect: { bonus: 1 } });
    expect(put.json().segmentId).toBeNull();
    expect((await t.admin('DELETE', '/admin/segment/used')).statusCode).toBe(204);
  });
});
