import { expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { defineCurrency } from '../currencies/currencies.test-factory.js';
import { sendEvent } from '../events/events.test-factory.js';

const MARCH_1 = Date.UTC(2026, 2, 1, 10);
const DAY = 86_400_000;

describeBackends('notifications: a pending credit that becomes available', (t) => {
  const overview = async () =>
    (await t.inject({ method: 'GET', url: '/user/ann/notifications/overview', headers: await t.auth('ann') })).json();
  const seeRewards = async () =>
    t.inject({ method: 'PUT', url: '/user/ann/notifications/overview', headers: await t.auth('ann'), payload: { screenId: 'rewards' } });

  it('raises hasUnseenRewards when the points become available after the user looked', async () => {
    await t.setClock(MARCH_1);
    const def = await t.admin('POST', '/admin/event', {
      eventId: 'buy',
      title: 'Purchase',
      reward: { default: 40 },
      limit: null,
      pendingDays: 2,
    });
    expect(def.statusCode).toBe(201);
    await t.createUser('ann');
    expect((await sendEvent(t, 'ann', { eventId: 'buy' })).statusCode).toBe(200);
    await t.setClock(MARCH_1 + 3_600_000);
    expect((await seeRewards()).statusCode).toBe(200);
    expect((await overview()).hasUnseenRewards).toBe(false);
    await t.setClock(MARCH_1 + 4 * DAY);
    await t.app.services.jobs.runUntilIdle();
    await t.app.services.jobs.runUntilIdle();
    const points = (await t.inject({ method: 'GET', url: '/user/ann/points', headers: await t.auth('ann') })).json();
    expect(points.points).toBe(40);
    expect((await overview()).hasUnseenRewards).toBe(true);
    await seeRewards();
    expect((await overview()).hasUnseenRewards).toBe(false);
  });
});

describeBackends('notifications: what counts as a reward (decision 347)', (t) => {
  const overview = async (userId: string) =>
    (await t.inject({ method: 'GET', url: `/user/${userId}/notifications/overview`, headers: await t.auth(userId) })).json();
  const seeRewards = async (userId: string) =>
    t.inject({
      method: 'PUT',
      url: `/user/${userId}/notifications/overview`,
      headers: await t.auth(userId),
      payload: { screenId: 'rewards' },
    });

  it('raises hasUnseenRewards for an entry of another currency alone, and not for a 0-point entry over a limit', async () => {
    await t.setClock(MARCH_1);
    await defineCurrency(t);
    expect(
      (
        await t.admin('POST', '/admin/event', {
          eventId: 'learn',
          title: 'Learn',
          reward: { default: 0 },
          currencyRewards: { xp: { default: 5 } },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await t.admin('POST', '/admin/event', { eventId: 'buy', title: 'Buy', reward: { default: 10 }, limit: 1, limitPeriod: 'daily' }))
        .statusCode,
    ).toBe(201);
    await t.createUser('ann');
    expect((await sendEvent(t, 'ann', { eventId: 'buy' })).statusCode).toBe(200);
    await t.setClock(MARCH_1 + 60_000);
    await seeRewards('ann');
    expect((await overview('ann')).hasUnseenRewards).toBe(false);
    // Over the daily limit: written with 0 points, which is no reward.
    await t.setClock(MARCH_1 + 120_000);
    expect((await sendEvent(t, 'ann', { eventId: 'buy' })).statusCode).toBe(200);
    expect((await overview('ann')).hasUnseenRewards).toBe(false);
    // Only xp moves: a reward all the same.
    await t.setClock(MARCH_1 + 180_000);
    expect((await sendEvent(t, 'ann', { eventId: 'learn' })).statusCode).toBe(200);
    expect((await overview('ann')).hasUnseenRewards).toBe(true);
  });
});
