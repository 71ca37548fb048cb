import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineEvent } from '../events/events.test-factory.js';
import { at, purchaseAt, streakAnalytics } from './streaks.test-factory.js';

describeSharedApp('streaks: admin API', (t) => {
  const body = {
    streakId: 'daily-buy',
    title: { de: 'Täglich', en: 'Daily' },
    timeFrame: 'daily',
    eventIds: ['purchase'],
    milestones: [
      { count: 7, points: 70 },
      { count: 3, points: 30 },
    ],
  };

  it('creates, reads, lists, replaces and deletes a streak', async () => {
    const created = await t.admin('POST', '/admin/streak', body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      streakId: 'daily-buy',
      title: { de: 'Täglich', en: 'Daily' },
      description: {},
      timeFrame: 'daily',
      eventIds: ['purchase'],
      milestones: [
        { count: 3, points: 30 },
        { count: 7, points: 70 },
      ],
      freezes: null,
      status: 'ACTIVE',
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    expect((await t.admin('GET', '/admin/streak/daily-buy')).json()).toEqual(created.json());
    expect((await t.admin('GET', '/admin/streak')).json()).toEqual([created.json()]);
    const put = await t.admin('PUT', '/admin/streak/daily-buy', { ...body, eventIds: ['purchase', 'visit'], status: 'INACTIVE' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ eventIds: ['purchase', 'visit'], status: 'INACTIVE' });
    expect((await t.admin('DELETE', '/admin/streak/daily-buy')).statusCode).toBe(204);
    expect((await t.admin('GET', '/admin/streak/daily-buy')).statusCode).toBe(404);
  });

  it('generates an id, and answers 409 for a taken one', async () => {
    const { streakId: _omit, ...rest } = body;
    expect((await t.admin('POST', '/admin/streak', rest)).json().streakId).toMatch(/^st_[a-z0-9]{10}$/);
    await t.admin('POST', '/admin/streak', body);
    const again = await t.admin('POST', '/admin/streak', body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'STREAK_EXISTS' });
  });

  it('refuses invalid streaks with 400 and stores nothing', async () => {
    const bad = [
      { ...body, timeFrame: 'yearly' },
      { ...body, eventIds: [] },
      { ...body, eventIds: 'purchase' },
      { ...body, milestones: [{ count: 0, points: 1 }] },
      { ...body, milestones: [{ count: 2, points: -1 }] },
      { ...body, title: 'Daily' },
      { ...body, streakId: 'no/slash' },
      { ...body, extra: true },
      { title: body.title, eventIds: ['purchase'] },
    ];
    for (const payload of bad) {
      const res = await t.admin('POST', '/admin/streak', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    expect((await t.admin('GET', '/admin/streak')).json()).toEqual([]);
  });

  it('refuses to change the timeFrame of a streak (400) and answers 404 for unknown ones', async () => {
    await t.admin('POST', '/admin/streak', body);
    const res = await t.admin('PUT', '/admin/streak/daily-buy', { ...body, timeFrame: 'weekly' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('TIMEFRAME_IMMUTABLE');
    expect((await t.admin('PUT', '/admin/streak/nope', { ...body, streakId: undefined })).statusCode).toBe(404);
    expect((await t.admin('DELETE', '/admin/streak/nope')).statusCode).toBe(404);
  });

  it("deletes the users' states and the aggregates with the streak", async () => {
    await t.setClock(at('2027-01-01T08:00:00Z'));
    await defineEvent(t, { eventId: 'purchase', reward: { default: 1 } });
    await t.admin('POST', '/admin/streak', body);
    await t.createUser('alice');
    await purchaseAt(t, 'alice', at('2027-01-01T10:00:00Z'));
    expect(await streakAnalytics(t, 'daily-buy')).toMatchObject({ totalParticipants: 1 });
    await t.admin('DELETE', '/admin/streak/daily-buy');
    await t.admin('POST', '/admin/streak', body);
    expect(await streakAnalytics(t, 'daily-buy')).toBeNull();
    const list = await t.inject({ method: 'GET', url: '/user/alice/streak', headers: await t.auth('alice') });
    expect(list.json()).toEqual({ streaks: [], count: 0 });
  });
});
