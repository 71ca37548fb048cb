import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { NOW, sendEvent } from '../events/events.test-factory.js';
import { allowPrivateWebhooks, createWebhook, startReceiver, type Receiver } from '../webhooks/webhooks.test-helpers.js';
import { codeOf, join, setProgramme } from './referrals.test-factory.js';

describeBackends('referrals: webhook messages', (t) => {
  let receiver: Receiver;
  beforeEach(async () => {
    await allowPrivateWebhooks(t);
    await t.setClock(NOW);
    receiver = await startReceiver();
    await setProgramme(t);
    for (const u of ['rita', 'ann', 'bob']) await t.createUser(u);
  });
  afterEach(() => receiver.close());

  it('sends referral.joined, referral.flagged and referral.qualified, and REFERRAL points.changed for both sides', async () => {
    await createWebhook(t, { url: receiver.url, events: ['referral.joined', 'referral.flagged', 'referral.qualified', 'points.changed'] });
    const code = await codeOf(t, 'rita');
    await join(t, 'ann', code, 'fp');
    await join(t, 'bob', code, 'fp');
    await sendEvent(t, 'ann', { eventId: 'purchase' });
    await t.app.services.webhooks.dispatcher.runUntilIdle();
    const joined = receiver.ofType('referral.joined').map((r) => r.json.data);
    expect(joined.map((d) => [d.refereeId, d.referrerId, d.status]).sort()).toEqual([
      ['ann', 'rita', 'pending'],
      ['bob', 'rita', 'flagged'],
    ]);
    expect(receiver.ofType('referral.flagged').map((r) => r.json.data.refereeId)).toEqual(['bob']);
    const [qualified] = receiver.ofType('referral.qualified').map((r) => r.json.data);
    expect(qualified).toMatchObject({
      userId: 'ann',
      refereeId: 'ann',
      referrerId: 'rita',
      refereePoints: 20,
      referrerPoints: 50,
      referrerState: 'paid',
    });
    const entries = receiver
      .ofType('points.changed')
      .map((r) => r.json.data)
      .filter((d) => d.entryType === 'REFERRAL');
    expect(entries.map((d) => [d.userId, d.points]).sort()).toEqual([
      ['ann', 20],
      ['rita', 50],
    ]);
  });
});
