import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, defineEvent, sendEvent } from '../events/events.test-factory.js';
import { MAX_POINTS } from './points-range.js';

/** Finding 5 of the fault review: rewards and balances stay whole numbers within ±(2^53 − 1). */
describeSharedApp('points: safe integer range', (t) => {
  async function ledgerMatches(userId: string) {
    expect(await t.app.services.points.ledgerSum(t.projectId, userId)).toBe(await balance(t, userId));
  }

  it('refuses a TRANSACTION amount of 1e308 with 400 and keeps the account usable', async () => {
    await defineEvent(t, { eventId: 'pay', type: 'TRANSACTION', rewardValueField: 'amount', reward: { default: 1 } });
    await t.createUser('ann');
    for (const amount of [1e308, '1e308', 1e16]) {
      const res = await sendEvent(t, 'ann', { eventId: 'pay', metadata: { amount } });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().code).toMatch(/POINTS_OUT_OF_RANGE|NUMBER_OUT_OF_RANGE/);
    }
    expect(await balance(t, 'ann')).toBe(0);
    expect(await t.app.services.events.countEvents(t.projectId, 'ann')).toBe(0);
    const fix = await t.admin('POST', '/admin/user/ann/points', { points: 5, reason: 'still repairable' });
    expect(fix.statusCode).toBe(201);
    expect(await balance(t, 'ann')).toBe(5);
    await ledgerMatches('ann');
  });

  it('refuses a reward that overflows even when the amount itself is in range', async () => {
    await defineEvent(t, { eventId: 'pay', type: 'TRANSACTION', rewardValueField: 'amount', reward: { default: 1_000_000 } });
    await t.createUser('ann');
    const res = await sendEvent(t, 'ann', { eventId: 'pay', metadata: { amount: 1e12 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('POINTS_OUT_OF_RANGE');
  });

  it('refuses a credit that would take the balance past 2^53 − 1, changing nothing', async () => {
    await defineEvent(t, { eventId: 'pay', type: 'TRANSACTION', rewardValueField: 'amount', reward: { default: 1 } });
    await t.createUser('ann');
    const first = await sendEvent(t, 'ann', { eventId: 'pay', metadata: { amount: MAX_POINTS - 10 } });
    expect(first.statusCode, first.body).toBe(200);
    const over = await sendEvent(t, 'ann', { eventId: 'pay', metadata: { amount: 11 } });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ statusCode: 400, code: 'POINTS_OUT_OF_RANGE' });
    const adjust = await t.admin('POST', '/admin/user/ann/points', { points: 11, reason: 'too much' });
    expect(adjust.statusCode).toBe(400);
    expect(adjust.json().code).toBe('POINTS_OUT_OF_RANGE');
    expect(await balance(t, 'ann')).toBe(MAX_POINTS - 10);
    expect(await t.app.services.events.countEvents(t.projectId, 'ann')).toBe(1);
    const fits = await sendEvent(t, 'ann', { eventId: 'pay', metadata: { amount: 10 } });
    expect(fits.statusCode).toBe(200);
    expect(await balance(t, 'ann')).toBe(MAX_POINTS);
    await ledgerMatches('ann');
  });
});
