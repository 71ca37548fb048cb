import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { defineEvent, NOW } from '../events/events.test-factory.js';
import { allowPrivateWebhooks, createWebhook, startReceiver, type Receiver } from '../webhooks/webhooks.test-helpers.js';
import { campaignEvent, defineCampaign } from './campaigns.test-factory.js';

describeBackends('campaigns: webhook messages and user deletion', (t) => {
  let receiver: Receiver;
  beforeEach(async () => {
    await allowPrivateWebhooks(t);
    await t.setClock(NOW);
    receiver = await startReceiver();
    await defineEvent(t, { eventId: 'buy', reward: { default: 1 } });
    await t.createUser('ann');
  });
  afterEach(() => receiver.close());

  it('sends campaign.budget_spent once, by the event that spends the last of it, and CAMPAIGN points.changed', async () => {
    await createWebhook(t, { url: receiver.url, events: ['campaign.budget_spent', 'points.changed'] });
    await defineCampaign(t, { campaignId: 'small', effect: { bonus: 4 }, budget: { total: 10 } });
    for (let i = 0; i < 4; i++) await campaignEvent(t, 'ann');
    await t.app.services.webhooks.dispatcher.runUntilIdle();
    const spent = receiver.ofType('campaign.budget_spent').map((r) => r.json.data);
    expect(spent).toEqual([{ projectId: 'default', userId: 'ann', campaignId: 'small', spent: 10, budget: 10, currency: 'points' }]);
    const entries = receiver
      .ofType('points.changed')
      .map((r) => r.json.data)
      .filter((d) => d.entryType === 'CAMPAIGN');
    expect(entries.map((d) => d.points).sort()).toEqual([2, 4, 4]);
  });

  it("removes the user's per-user spend with the user, and keeps the campaign's total", async () => {
    await defineCampaign(t, { campaignId: 'each', effect: { bonus: 3 }, budget: { perUser: 5 } });
    await campaignEvent(t, 'ann');
    expect(await t.app.services.campaigns.deleteUserData('default', 'ann', 100)).toBe(1);
    expect(await t.app.services.campaigns.deleteUserData('default', 'ann', 100)).toBe(0);
    expect((await t.admin('GET', '/admin/campaign/each')).json().spent).toBe(3);
  });
});
