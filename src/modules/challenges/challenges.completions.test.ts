import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineEvent, sendEvent } from '../events/events.test-factory.js';
import { defineChallenge } from './challenges.test-factory.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 10, 12);

describeSharedApp('challenges: completions in the admin list', (t) => {
  it('counts the users who completed each challenge, in total and in the last 30 days', async () => {
    await t.setClock(T0);
    await defineEvent(t, { eventId: 'buy', type: 'FIXED', reward: { default: 1 }, limit: null });
    await defineChallenge(t, { challengeId: 'two-buys', title: { de: 'Zwei', en: 'Two' }, eventId: 'buy', goal: 2, points: 5 });
    await defineChallenge(t, { challengeId: 'ten-buys', title: { de: 'Zehn', en: 'Ten' }, eventId: 'buy', goal: 10, points: 50 });
    for (const u of ['ann', 'ben', 'cid']) await t.createUser(u);
    // ann completes on day 0; 40 days later ben completes, cid only starts.
    await sendEvent(t, 'ann', { eventId: 'buy' });
    await sendEvent(t, 'ann', { eventId: 'buy' });
    await t.setClock(T0 + 40 * DAY);
    await sendEvent(t, 'ben', { eventId: 'buy' });
    await sendEvent(t, 'ben', { eventId: 'buy' });
    await sendEvent(t, 'cid', { eventId: 'buy' });

    const list = (await t.admin('GET', '/admin/challenge')).json() as Array<{
      challengeId: string;
      completions: { total: number; last30Days: number };
    }>;
    expect(Object.fromEntries(list.map((c) => [c.challengeId, c.completions]))).toEqual({
      'two-buys': { total: 2, last30Days: 1 },
      'ten-buys': { total: 0, last30Days: 0 },
    });
  });
});
