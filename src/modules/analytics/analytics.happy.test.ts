import { beforeEach, expect, it } from 'vitest';
import { describeSharedApp, type TestContext } from '../../../test/helpers/test-app.js';
import { defineEvent, hours, logEvent, NOW, stats } from './analytics.test-factory.js';

/**
 * One small history, read through every period:
 *   2026-02-20 07:00 carol login            1 point
 *   2026-03-10 12:00 bob   login            1 point
 *   2026-03-14 23:00 bob   purchase (3)     condition failed, 0 points
 *   2026-03-15 08:30 alice purchase (20)    10 points
 *   2026-03-15 09:10 alice purchase (50)    10 points
 *   2026-03-15 09:40 alice purchase (30)    over the daily limit of 2, 0 points
 */
async function seed(t: TestContext): Promise<void> {
  await t.setClock(NOW);
  await defineEvent(t, {
    eventId: 'purchase',
    reward: { default: 10 },
    limit: 2,
    limitPeriod: 'daily',
    conditions: { type: 'AND', conditions: [{ field: 'amount', operator: 'greater_than', value: 5 }] },
  });
  await defineEvent(t, { eventId: 'login', reward: { default: 1 } });
  for (const u of ['alice', 'bob', 'carol']) await t.createUser(u);
  await logEvent(t, 'carol', 'login', '2026-02-20T07:00:00Z');
  await logEvent(t, 'bob', 'login', '2026-03-10T12:00:00Z');
  await logEvent(t, 'bob', 'purchase', '2026-03-14T23:00:00Z', { amount: 3, channel: 'web' });
  await logEvent(t, 'alice', 'purchase', '2026-03-15T08:30:00Z', { amount: 20, channel: 'web' });
  await logEvent(t, 'alice', 'purchase', '2026-03-15T09:10:00Z', { amount: 50, channel: 'app' });
  const last = await logEvent(t, 'alice', 'purchase', '2026-03-15T09:40:00Z', { amount: 30, channel: 'web' });
  if (!last.data.limitReached) throw new Error('seed: the third purchase should be over the limit');
}

const exact = { uniqueUsersCalculationMethod: 'exact', uniqueUsersNote: expect.any(String) };

describeSharedApp('analytics: happy path', (t) => {
  beforeEach(() => seed(t));

  it('answers the global view of today (1d) with every field of the interface', async () => {
    const res = await stats(t, '?period=1d');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      period: '1d',
      eventId: null,
      startDate: '2026-03-15',
      endDate: '2026-03-15',
      data: {
        totalEvents: 3,
        uniqueUsers: 1,
        totalPoints: 20,
        eventBreakdown: { purchase: { count: 3, users: 1, points: 20 } },
        topEvents: ['purchase'],
        dailyData: { '2026-03-15': { events: 3, users: 1, points: 20, hourlyDistribution: hours({ 8: 1, 9: 2 }) } },
        _metadata: exact,
      },
    });
  });

  it('defaults to 7d and lists every day of the period, empty ones with zeros', async () => {
    const body = (await stats(t, '')).json();
    expect(body).toMatchObject({ period: '7d', startDate: '2026-03-09', endDate: '2026-03-15' });
    expect(body.data).toMatchObject({
      totalEvents: 5,
      uniqueUsers: 2,
      totalPoints: 21,
      eventBreakdown: { purchase: { count: 4, users: 2, points: 20 }, login: { count: 1, users: 1, points: 1 } },
      topEvents: ['purchase', 'login'],
    });
    expect(Object.keys(body.data.dailyData)).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
    ]);
    expect(body.data.dailyData['2026-03-09']).toEqual({ events: 0, users: 0, points: 0, hourlyDistribution: hours({}) });
    expect(body.data.dailyData['2026-03-14']).toEqual({ events: 1, users: 1, points: 0, hourlyDistribution: hours({ 23: 1 }) });
  });

  it.each([
    ['30d', '2026-02-14', 6, 3, 22],
    ['90d', '2025-12-16', 6, 3, 22],
    ['current_month', '2026-03-01', 5, 2, 21],
    ['ytd', '2026-01-01', 6, 3, 22],
    ['all', '2026-02-20', 6, 3, 22],
  ])('counts period %s from %s to today', async (period, startDate, totalEvents, uniqueUsers, totalPoints) => {
    const body = (await stats(t, `?period=${period}`)).json();
    expect(body).toMatchObject({ period, eventId: null, startDate, endDate: '2026-03-15' });
    expect(body.data).toMatchObject({ totalEvents, uniqueUsers, totalPoints });
    expect(Object.keys(body.data.dailyData)[0]).toBe(startDate);
    expect(Object.keys(body.data.dailyData).at(-1)).toBe('2026-03-15');
  });

  it('selects one calendar month with timeframe=month', async () => {
    const feb = (await stats(t, '?timeframe=month&month=2026-02')).json();
    expect(feb).toMatchObject({ period: 'month', month: '2026-02', startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(feb.data).toMatchObject({
      totalEvents: 1,
      uniqueUsers: 1,
      totalPoints: 1,
      eventBreakdown: { login: { count: 1, users: 1, points: 1 } },
    });
    expect(Object.keys(feb.data.dailyData)).toHaveLength(28);
    expect(feb.data.dailyData['2026-02-20']).toEqual({ events: 1, users: 1, points: 1, hourlyDistribution: hours({ 7: 1 }) });

    const march = (await stats(t, '?timeframe=month&month=2026-03')).json();
    expect(march).toMatchObject({ startDate: '2026-03-01', endDate: '2026-03-31' });
    expect(march.data).toMatchObject({ totalEvents: 5, uniqueUsers: 2, totalPoints: 21 });
    const empty = (await stats(t, '?timeframe=month&month=2025-07')).json();
    expect(empty.data).toMatchObject({ totalEvents: 0, uniqueUsers: 0, totalPoints: 0, eventBreakdown: {}, topEvents: [] });
  });

  it('answers the event-specific view with conditions, limits, days and metadata statistics', async () => {
    const res = await stats(t, '?period=7d&eventId=purchase');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ period: '7d', eventId: 'purchase', startDate: '2026-03-09', endDate: '2026-03-15' });
    expect(body.data).toEqual({
      totalCount: 4,
      uniqueUsers: 2,
      pointsAwarded: 20,
      conditionMet: 3,
      conditionFailed: 1,
      limitReached: 1,
      dailyData: expect.any(Object),
      metadataStats: {
        amount: {
          kind: 'number',
          count: 4,
          min: 3,
          max: 50,
          avg: 25.75,
          histogram: [
            { min: 2, max: 5, count: 1 },
            { min: 20, max: 50, count: 2 },
            { min: 50, max: 100, count: 1 },
          ],
        },
        channel: { kind: 'category', counts: { web: 3, app: 1 }, distinctValuesCap: 50, otherCount: 0 },
      },
      _metadata: exact,
    });
    expect(Object.keys(body.data.dailyData)).toHaveLength(7);
    expect(body.data.dailyData['2026-03-15']).toEqual({ count: 3, users: 1, points: 20, hourlyDistribution: hours({ 8: 1, 9: 2 }) });
    expect(body.data.dailyData['2026-03-14']).toEqual({ count: 1, users: 1, points: 0, hourlyDistribution: hours({ 23: 1 }) });
  });

  it('reads the event-specific view of every period and of a month', async () => {
    const expectations: Array<[string, number, number]> = [
      ['?period=1d', 3, 1],
      ['?period=30d', 4, 2],
      ['?period=90d', 4, 2],
      ['?period=current_month', 4, 2],
      ['?period=ytd', 4, 2],
      ['?period=all', 4, 2],
      ['?timeframe=month&month=2026-03', 4, 2],
      ['?timeframe=month&month=2026-02', 0, 0],
    ];
    for (const [query, totalCount, uniqueUsers] of expectations) {
      const body = (await stats(t, `${query}&eventId=purchase`)).json();
      expect({ query, totalCount: body.data.totalCount, uniqueUsers: body.data.uniqueUsers }).toEqual({ query, totalCount, uniqueUsers });
    }
    const login = (await stats(t, '?period=all&eventId=login')).json();
    expect(login).toMatchObject({
      startDate: '2026-02-20',
      data: { totalCount: 2, uniqueUsers: 2, pointsAwarded: 2, conditionMet: 2, conditionFailed: 0, limitReached: 0, metadataStats: {} },
    });
  });

  it('answers an eventId without events with zeros', async () => {
    const body = (await stats(t, '?period=7d&eventId=nothing')).json();
    expect(body.data).toMatchObject({
      totalCount: 0,
      uniqueUsers: 0,
      pointsAwarded: 0,
      conditionMet: 0,
      conditionFailed: 0,
      limitReached: 0,
      metadataStats: {},
    });
  });

  it('keeps the counts of a deleted user in the aggregates', async () => {
    const before = (await stats(t, '?period=all')).json();
    const del = await t.inject({ method: 'DELETE', url: '/user/alice', headers: await t.auth('alice') });
    expect(del.statusCode).toBe(200);
    await t.app.services.jobs.runUntilIdle();
    expect((await t.admin('GET', `/admin/job/${del.json().jobId}`)).json()).toMatchObject({ status: 'done' });
    expect(await t.app.services.events.countEvents(t.projectId, 'alice')).toBe(0);
    expect((await stats(t, '?period=all')).json()).toEqual(before);
  });

  it('serves old, final days from memory and still sees an event written there after the clock went back', async () => {
    const later = NOW + 90 * 86_400_000;
    await t.setClock(later);
    const first = (await stats(t, '?period=all')).json();
    expect(first.data).toMatchObject({ totalEvents: 6, uniqueUsers: 3, totalPoints: 22 });
    expect((await stats(t, '?period=all')).json()).toEqual(first);
    await t.setClock(NOW);
    await logEvent(t, 'carol', 'login', '2026-02-20T08:00:00Z');
    await t.setClock(later);
    const after = (await stats(t, '?period=all')).json();
    expect(after.data).toMatchObject({ totalEvents: 7, uniqueUsers: 3, totalPoints: 23 });
    expect(after.data.dailyData['2026-02-20']).toEqual({ events: 2, users: 1, points: 2, hourlyDistribution: hours({ 7: 1, 8: 1 }) });
    expect((await stats(t, '?timeframe=month&month=2026-02&eventId=login')).json().data.totalCount).toBe(2);
  });
});
