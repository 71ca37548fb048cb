import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { defineEvent, defineGroups, NOW, sendEvent } from '../events/events.test-factory.js';
import { WritePath } from '../../write-path/write-path.js';
import { allowPrivateWebhooks, createWebhook, startReceiver, type Receiver } from './webhooks.test-helpers.js';

describeBackends('webhook messages', (t) => {
  let receiver: Receiver;
  beforeEach(async () => {
    await allowPrivateWebhooks(t);
    await t.setClock(NOW);
    receiver = await startReceiver();
    await defineEvent(t, { eventId: 'buy', reward: { default: 50 }, limit: null });
    await t.createUser('ann');
  });
  afterEach(() => receiver.close());

  const dispatch = () => t.app.services.webhooks.dispatcher.runUntilIdle();
  const deliveries = () => t.app.platform.db.kysely.selectFrom('webhook_deliveries').selectAll().execute();

  it('reports every ledger entry, completion, milestone, redemption, coupon use and survey answer, each data with projectId', async () => {
    await createWebhook(t, { url: receiver.url });
    expect(
      (await t.admin('POST', '/admin/challenge', { challengeId: 'first', title: { en: 'First' }, eventId: 'buy', goal: 1, points: 5 }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await t.admin('POST', '/admin/streak', {
          streakId: 'daily',
          title: { en: 'Daily' },
          timeFrame: 'daily',
          eventIds: ['buy'],
          milestones: [{ count: 1, points: 2 }],
        })
      ).statusCode,
    ).toBe(201);
    expect((await t.admin('POST', '/admin/shop', { shopId: 'shop', name: 'Shop' })).statusCode).toBe(201);
    expect(
      (
        await t.admin('POST', '/admin/offer', {
          offerId: 'mug',
          type: 'ONLINE',
          points: 20,
          title: { en: 'Mug' },
          description: { en: 'A mug' },
          shopId: 'shop',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await t.admin('POST', '/admin/survey', {
          surveyId: 'poll',
          title: 'Poll',
          type: 'SINGLE',
          options: [{ optionId: 'a', label: 'A' }],
          points: 3,
        })
      ).statusCode,
    ).toBe(201);
    const ann = await t.auth('ann');
    expect((await sendEvent(t, 'ann', { eventId: 'buy' })).statusCode).toBe(200);
    const redeemed = await t.inject({ method: 'POST', url: '/user/ann/offer/mug/redeem', headers: ann, payload: {} });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const couponKey = redeemed.json().data.coupon.couponKey as string;
    const used = await t.inject({
      method: 'PUT',
      url: `/user/ann/coupon/COUPON%23${couponKey}`,
      headers: ann,
      payload: { userId: 'ann', SK: `COUPON#${couponKey}` },
    });
    expect(used.statusCode, used.body).toBe(200);
    expect(
      (
        await t.inject({
          method: 'PUT',
          url: '/user/ann/survey/poll',
          headers: ann,
          payload: { userId: 'ann', surveyId: 'poll', responses: ['a'] },
        })
      ).statusCode,
    ).toBe(201);
    await dispatch();

    const types = receiver.received.map((r) => r.json.type);
    expect(types.sort()).toEqual(
      [
        'challenge.completed',
        'coupon.used',
        'offer.redeemed',
        'points.changed',
        'points.changed',
        'points.changed',
        'points.changed',
        'points.changed',
        'streak.milestone_reached',
        'survey.answered',
      ].sort(),
    );
    for (const r of receiver.received) expect(r.json.data.projectId).toBe('default');
    const data = (type: string) => receiver.ofType(type).map((r) => r.json.data);
    expect(
      data('points.changed')
        .map((d) => [d.entryType, d.points, d.balance])
        .sort(),
    ).toEqual(
      [
        ['EVENT', 50, 50],
        ['CHALLENGE', 5, 55],
        ['STREAK', 2, 57],
        ['REDEMPTION', -20, 37],
        ['SURVEY', 3, 40],
      ].sort(),
    );
    expect(data('challenge.completed')[0]).toMatchObject({
      userId: 'ann',
      challengeId: 'first',
      eventId: 'buy',
      goal: 1,
      pointsAwarded: 5,
    });
    expect(data('streak.milestone_reached')[0]).toMatchObject({
      userId: 'ann',
      streakId: 'daily',
      milestones: [1],
      currentCount: 1,
      pointsAwarded: 2,
    });
    expect(data('offer.redeemed')[0]).toMatchObject({
      userId: 'ann',
      offerId: 'mug',
      shopId: 'shop',
      pointsSpent: 20,
      balance: 37,
      couponKey,
    });
    expect(data('coupon.used')[0]).toMatchObject({ userId: 'ann', couponKey, offerId: 'mug', usedAt: expect.any(Number) });
    expect(data('survey.answered')[0]).toMatchObject({ userId: 'ann', surveyId: 'poll', responses: ['a'], pointsAwarded: 3 });
  });

  it('sends an endpoint only the types it takes, nothing to INACTIVE endpoints, and nothing across projects', async () => {
    const subscribed = await startReceiver();
    const inactive = await startReceiver();
    const otherProject = await startReceiver();
    try {
      await createWebhook(t, { url: subscribed.url, events: ['coupon.used', 'points.changed'] });
      await createWebhook(t, { url: inactive.url, status: 'INACTIVE' });
      expect((await t.admin('POST', '/admin/project', { projectId: 'other', name: 'Other' })).statusCode).toBe(201);
      expect(
        (await t.admin('POST', '/admin/webhook', { url: otherProject.url, events: ['*'], status: 'ACTIVE' }, 'other')).statusCode,
      ).toBe(201);
      expect(
        (
          await t.admin('POST', '/admin/streak', {
            streakId: 'daily',
            title: { en: 'Daily' },
            timeFrame: 'daily',
            eventIds: ['buy'],
            milestones: [{ count: 1, points: 2 }],
          })
        ).statusCode,
      ).toBe(201);
      await sendEvent(t, 'ann', { eventId: 'buy' });
      await dispatch();
      expect(subscribed.received.map((r) => r.json.type)).toEqual(['points.changed', 'points.changed']);
      expect(inactive.received).toEqual([]);
      expect(otherProject.received).toEqual([]);
    } finally {
      await Promise.all([subscribed.close(), inactive.close(), otherProject.close()]);
    }
  });

  it('writes nothing for a batch that was rolled back', async () => {
    await createWebhook(t, { url: receiver.url });
    const writes = new WritePath(t.app.platform);
    writes.use([
      ...t.app.services.writes.participants,
      {
        name: 'breaks',
        begin: () => ({
          write: async () => {
            throw new Error('disk full');
          },
        }),
      },
    ]);
    const event = await t.app.services.events.prepare({ kind: 'service', projectId: 'default' } as never, {
      userId: 'ann',
      eventId: 'buy',
    });
    await expect(writes.submit({ kind: 'event', projectId: 'default', userId: 'ann', event })).rejects.toThrow('disk full');
    expect(await deliveries()).toEqual([]);
    expect(await t.app.services.events.countEvents('default', 'ann')).toBe(0);
    // The same event through the service's own write path: committed, and its message is there.
    await sendEvent(t, 'ann', { eventId: 'buy' });
    expect((await deliveries()).map((d) => d.type)).toEqual(['points.changed']);
  });

  it('reports user.deleted once, when the deletion job has finished', async () => {
    await createWebhook(t, { url: receiver.url, events: ['user.deleted'] });
    const res = await t.inject({ method: 'DELETE', url: '/user/ann', headers: await t.auth('ann') });
    expect(res.statusCode).toBe(200);
    expect(await deliveries()).toEqual([]); // not before the job is done
    await t.app.services.jobs.runUntilIdle();
    await dispatch();
    expect(receiver.received.map((r) => r.json.data)).toEqual([
      { projectId: 'default', userId: 'ann', jobId: res.json().jobId, deletedAt: expect.any(Number) },
    ]);
    // The job's last step run again (as after a crash before the job was marked done) adds nothing.
    const job = (await t.app.services.jobs.store.find('default', res.json().jobId))!;
    await t.app.services.webhooks.userDeleted('default', 'ann', job);
    expect(await deliveries()).toHaveLength(1);
  });

  it('reports leaderboard.month_closed once per board of a month that ended, with its top 10', async () => {
    await createWebhook(t, { url: receiver.url, events: ['leaderboard.month_closed'] });
    await defineGroups(t, 'vip');
    for (let u = 0; u < 12; u++) {
      await t.createUser(`u${u}`);
      for (let i = 0; i <= u; i++) await sendEvent(t, `u${u}`, { eventId: 'buy' });
    }
    await sendEvent(t, 'ann', { eventId: 'buy', metadata: { usergroup: ['vip'] } });
    await t.app.services.leaderboards.setProfile('default', 'u11', { username: 'Eleven' });
    await t.app.services.jobs.runUntilIdle();
    await dispatch();
    expect(receiver.received).toEqual([]); // January has not ended
    await t.setClock(Date.UTC(2026, 1, 1, 0, 5));
    await t.app.services.jobs.runUntilIdle();
    await dispatch();
    const closed = receiver.received.map((r) => r.json.data);
    expect(closed.map((d) => d.groupId).sort()).toEqual(['default', 'vip']);
    const board = closed.find((d) => d.groupId === 'default')!;
    expect(board).toMatchObject({ projectId: 'default', currency: 'points', month: '2026-01' });
    const top = board.top as Array<{ rank: number; userId: string; username: string; points: number }>;
    expect(top).toHaveLength(10);
    expect(top[0]).toEqual({ rank: 1, userId: 'u11', username: 'Eleven', points: 600 });
    expect(top.map((e) => e.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(top.map((e) => e.userId).slice(1)).toEqual(['u10', 'u9', 'u8', 'u7', 'u6', 'u5', 'u4', 'u3', 'u2']);
    expect(closed.find((d) => d.groupId === 'vip')!.top).toEqual([{ rank: 1, userId: 'ann', username: 'ann', points: 50 }]);
    // The next days (and a second instance) close nothing again.
    await t.setClock(Date.UTC(2026, 1, 2, 0, 5));
    await t.app.services.jobs.runUntilIdle();
    await dispatch();
    expect(receiver.received).toHaveLength(2);
  });

  it('sends webhook.test to the endpoint now and answers with the delivery', async () => {
    const { webhookId } = await createWebhook(t, { url: receiver.url, events: ['coupon.used'] });
    const res = await t.admin('POST', `/admin/webhook/${webhookId}/test`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'webhook.test', status: 'delivered', attempts: 1, lastStatusCode: 200 });
    expect(receiver.received.map((r) => r.json)).toEqual([
      { type: 'webhook.test', timestamp: expect.any(String), data: { projectId: 'default', webhookId, message: expect.any(String) } },
    ]);
  });
});
