import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeBackends, type TestContext } from '../../../test/helpers/test-app.js';
import { defineEvent, NOW } from '../events/events.test-factory.js';
import { allowPrivateWebhooks, createWebhook, startReceiver, type Receiver } from '../webhooks/webhooks.test-helpers.js';
import { campaignEvent, defineCampaign } from './campaigns.test-factory.js';

const HOUR = 3_600_000;

/** campaign.started / campaign.ended (decision 323): sent once per campaign, driven by the (test) clock. */
describeBackends('campaigns: started and ended webhooks', (t) => {
  let receiver: Receiver;
  beforeEach(async () => {
    await allowPrivateWebhooks(t);
    await t.setClock(NOW);
    receiver = await startReceiver();
    await createWebhook(t, { url: receiver.url, events: ['campaign.started', 'campaign.ended'] });
  });
  afterEach(() => receiver.close());

  /** What the receiver got so far, after the job runner's pass and the dispatcher. */
  async function received(t: TestContext) {
    await t.app.services.jobs.runUntilIdle();
    await t.app.services.webhooks.dispatcher.runUntilIdle();
    return receiver.received.map((r) => ({ type: r.json.type as string, data: r.json.data as Record<string, unknown> }));
  }

  it('sends campaign.started when the clock reaches its window and campaign.ended when it leaves it, each once', async () => {
    await defineCampaign(t, { campaignId: 'promo', title: 'Promo', startAt: NOW + HOUR, endAt: NOW + 2 * HOUR, effect: { bonus: 3 } });
    expect(await received(t)).toEqual([]);
    await t.setClock(NOW + HOUR + 1000);
    const started = { projectId: 'default', campaignId: 'promo', title: 'Promo', startAt: NOW + HOUR, endAt: NOW + 2 * HOUR };
    expect(await received(t)).toEqual([{ type: 'campaign.started', data: started }]);
    await defineEvent(t, { eventId: 'buy', reward: { default: 1 } });
    await t.createUser('ann');
    expect((await campaignEvent(t, 'ann')).campaigns).toEqual([{ campaignId: 'promo', points: 3, currency: 'points' }]);
    await t.setClock(NOW + HOUR + 2000);
    expect(await received(t)).toHaveLength(1);
    await t.setClock(NOW + 3 * HOUR);
    expect(await received(t)).toEqual([
      { type: 'campaign.started', data: started },
      { type: 'campaign.ended', data: { ...started, spent: 3, currency: 'points' } },
    ]);
    await t.setClock(NOW + 4 * HOUR);
    expect(await t.app.services.campaignSchedule.run(NOW + 4 * HOUR)).toBe(0);
    expect(await received(t)).toHaveLength(2);
  });

  it('sends each notice once when instances check at the same time, also when both fell due at once', async () => {
    await defineCampaign(t, { campaignId: 'short', startAt: NOW + HOUR, endAt: NOW + HOUR + 10, effect: { bonus: 1 } });
    const schedule = t.app.services.campaignSchedule;
    await t.setClock(NOW + 2 * HOUR);
    const at = t.app.platform.clock.now();
    const sent = await Promise.all([schedule.run(at), schedule.run(at), schedule.run(at)]);
    const again = await Promise.all([schedule.run(at), schedule.run(at)]);
    expect([...sent, ...again].reduce((a, b) => a + b, 0)).toBe(2);
    await t.app.services.webhooks.dispatcher.runUntilIdle();
    // Deliveries are sent in parallel: their order is not promised, each is there once.
    expect(receiver.received.map((r) => r.json.type as string).sort()).toEqual(['campaign.ended', 'campaign.started']);
  });

  it('sends nothing for a campaign made after its window, nor for an INACTIVE one', async () => {
    await t.setClock(NOW + 10 * HOUR);
    await defineCampaign(t, { campaignId: 'past', startAt: NOW, endAt: NOW + HOUR, effect: { bonus: 1 } });
    await defineCampaign(t, { campaignId: 'off', status: 'INACTIVE', startAt: NOW, endAt: NOW + 20 * HOUR, effect: { bonus: 1 } });
    expect(await received(t)).toEqual([]);
    await t.setClock(NOW + 30 * HOUR);
    expect(await received(t)).toEqual([]);
  });
});
