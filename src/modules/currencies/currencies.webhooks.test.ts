import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { defineEvent, NOW, sendEvent } from '../events/events.test-factory.js';
import { allowPrivateWebhooks, createWebhook, startReceiver, type Receiver } from '../webhooks/webhooks.test-helpers.js';
import { defineCurrency } from './currencies.test-factory.js';

describeBackends('currencies: webhook messages', (t) => {
  let receiver: Receiver;
  beforeEach(async () => {
    await allowPrivateWebhooks(t);
    await t.setClock(NOW);
    receiver = await startReceiver();
  });
  afterEach(() => receiver.close());

  it('sends points.changed with the currency of each entry and level.reached once per level', async () => {
    await defineCurrency(t);
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 }, currencyRewards: { xp: { default: 120 } } });
    await t.createUser('ann');
    await createWebhook(t, { url: receiver.url, events: ['points.changed', 'level.reached'] });
    await sendEvent(t, 'ann', { eventId: 'buy' });
    await sendEvent(t, 'ann', { eventId: 'buy' });
    await t.app.services.webhooks.dispatcher.runUntilIdle();
    // Messages of one user may be delivered by parallel workers: compared without their order.
    const changed = receiver.ofType('points.changed').map((r) => [r.json.data.currency, r.json.data.points, r.json.data.balance]);
    expect(changed.sort()).toEqual([
      ['points', 5, 10],
      ['points', 5, 5],
      ['xp', 120, 120],
      ['xp', 120, 240],
    ]);
    const levels = receiver.ofType('level.reached').map((r) => r.json.data);
    expect(levels).toEqual([
      { projectId: 'default', userId: 'ann', currency: 'xp', level: 1, threshold: 100, title: { en: 'Bronze' }, lifetime: 120 },
    ]);
  });
});
