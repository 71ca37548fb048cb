import { beforeEach, expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { DAY, defineEvent, NOW } from '../events/events.test-factory.js';
import { campaignEvent, defineCampaign } from './campaigns.test-factory.js';

// NOW is Thursday 2026-01-15 12:00 UTC.
const SATURDAY_NOON = NOW + 2 * DAY;
const MONDAY_NOON = NOW + 4 * DAY;
/** Friday 2026-01-16 20:00 UTC: Saturday 09:00 in Auckland (UTC+13 in January). */
const FRIDAY_EVENING = NOW + DAY + 8 * 3_600_000;

/** Campaigns on some days of the week only, in the user's calendar (decision 327). */
describeSharedApp('campaigns: days of the week', (t) => {
  beforeEach(async () => {
    await t.setClock(NOW + 10 * DAY);
    await defineEvent(t, { eventId: 'buy', reward: { default: 10 } });
  });

  it('pays "double points on weekends" on Saturday and Sunday only, in the user\'s time zone', async () => {
    const created = await defineCampaign(t, { campaignId: 'weekend', effect: { multiplier: 2 }, days: ['SUN', 'SAT'] });
    expect(created.days).toEqual(['SAT', 'SUN']);
    await t.createUser('uta');
    expect((await campaignEvent(t, 'uta', { timestamp: SATURDAY_NOON })).campaigns).toEqual([
      { campaignId: 'weekend', points: 10, currency: 'points' },
    ]);
    expect(await campaignEvent(t, 'uta', { timestamp: MONDAY_NOON })).not.toHaveProperty('campaigns');
    // Friday evening in UTC is already Saturday in Auckland: paid for a user who lives there, not for one in UTC.
    expect(await campaignEvent(t, 'uta', { timestamp: FRIDAY_EVENING })).not.toHaveProperty('campaigns');
    await t.createUser('kiri');
    const zone = await t.inject({
      method: 'PATCH',
      url: '/user/kiri',
      headers: await t.serviceAuth(),
      payload: { timeZone: 'Pacific/Auckland' },
    });
    expect(zone.statusCode).toBe(200);
    expect((await campaignEvent(t, 'kiri', { timestamp: FRIDAY_EVENING })).campaigns).toEqual([
      { campaignId: 'weekend', points: 10, currency: 'points' },
    ]);
  });

  it('previews a weekend campaign over the stored events of its days only, and refuses unknown days', async () => {
    await t.createUser('uta');
    for (const at of [SATURDAY_NOON, MONDAY_NOON, SATURDAY_NOON + DAY]) await campaignEvent(t, 'uta', { timestamp: at });
    const body = { title: 'Weekend', startAt: NOW, endAt: NOW + 30 * DAY, effect: { multiplier: 2 }, days: ['SAT', 'SUN'] };
    const preview = await t.admin('POST', '/admin/campaign/simulate', { campaign: body, from: NOW, to: NOW + 7 * DAY });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ total: 20, events: 2, users: 1 });
    const bad = await t.admin('POST', '/admin/campaign', { ...body, days: ['SAT', 'HOLIDAY'] });
    expect(bad.statusCode).toBe(400);
    expect((await t.admin('GET', '/admin/campaign')).json()).toEqual([]);
  });
});
