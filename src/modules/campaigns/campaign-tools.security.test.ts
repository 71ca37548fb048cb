import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { DAY, NOW } from '../events/events.test-factory.js';
import { defineCampaign } from './campaigns.test-factory.js';

describeSharedApp('campaigns: simulate and backfill are admin only', (t) => {
  const campaign = { title: 'Promo', startAt: NOW, endAt: NOW + DAY, effect: { bonus: 5 } };

  it('refuses user tokens, service tokens, API keys and anonymous callers with 401, and starts nothing', async () => {
    await t.setClock(NOW);
    await defineCampaign(t, { campaignId: 'promo', effect: { bonus: 5 } });
    const key = (await t.admin('POST', '/admin/apikey', { name: 'backend' })).json().key as string;
    const callers = [await t.auth('ann'), await t.serviceAuth(), { 'x-api-key': key }, {}];
    for (const headers of callers) {
      for (const [url, payload] of [
        ['/admin/campaign/simulate', { campaign, from: NOW - DAY, to: NOW }],
        ['/admin/campaign/promo/backfill', { from: NOW - DAY, to: NOW }],
      ] as const) {
        const res = await t.inject({ method: 'POST', url, headers, payload });
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: expect.any(String) });
      }
    }
    expect(await t.app.services.jobs.store.findLatest(t.projectId, 'campaign-backfill', 'promo')).toBeNull();
  });

  it("backfills only a campaign of the admin's project, and simulates over its events only", async () => {
    await t.setClock(NOW);
    await defineCampaign(t, { campaignId: 'mine', effect: { bonus: 5 } });
    const other = `${t.projectId}_b`;
    await t.app.services.projects.create({ projectId: other, name: 'Other' });
    const res = await t.admin('POST', '/admin/campaign/mine/backfill', { from: NOW - DAY, to: NOW }, other);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'CAMPAIGN_NOT_FOUND' });
    const sim = await t.admin('POST', '/admin/campaign/simulate', { campaign, from: NOW - DAY, to: NOW }, other);
    expect(sim.json()).toMatchObject({ total: 0, users: 0 });
  });
});
