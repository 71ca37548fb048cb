import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, defineEvent, history, sendEvent } from '../events/events.test-factory.js';
import { at, defineStreak, purchaseAt, streakAnalytics, userStreak } from './streaks.test-factory.js';

describeSharedApp('streaks: happy path', (t) => {
  async function setup(streak: Record<string, unknown>) {
    await t.setClock(at('2026-12-28T08:00:00Z'));
    await defineEvent(t, { eventId: 'purchase', reward: { default: 1 } });
    await defineStreak(t, { streakId: 's', ...streak });
    await t.createUser('alice');
  }

  it('counts a day once, extends on the next day across the year end and pays a milestone once', async () => {
    await setup({ milestones: [{ count: 3, points: 100 }] });
    const first = await purchaseAt(t, 'alice', at('2026-12-30T10:00:00Z'));
    expect(first.streaks).toEqual([
      { streakId: 's', currentCount: 1, lastUpdate: '2026-12-30T10:00:00.000Z', milestoneReached: false, pointsAwarded: 0 },
    ]);
    const again = await purchaseAt(t, 'alice', at('2026-12-30T23:59:00Z'));
    expect(again.streaks).toEqual([
      { streakId: 's', currentCount: 1, lastUpdate: '2026-12-30T23:59:00.000Z', milestoneReached: false, pointsAwarded: 0 },
    ]);
    await purchaseAt(t, 'alice', at('2026-12-31T00:00:01Z'));
    const third = await purchaseAt(t, 'alice', at('2027-01-01T12:00:00Z'));
    expect(third.streaks).toEqual([
      { streakId: 's', currentCount: 3, lastUpdate: '2027-01-01T12:00:00.000Z', milestoneReached: true, pointsAwarded: 100 },
    ]);
    expect(third.pointsAwarded).toBe(1);
    await purchaseAt(t, 'alice', at('2027-01-01T13:00:00Z'));
    expect(await balance(t, 'alice')).toBe(5 + 100);

    expect(await userStreak(t, 'alice', 's')).toEqual({
      userId: 'alice',
      streakId: 's',
      title: { de: 'Serie', en: 'Streak' },
      currentStartDate: at('2026-12-30T00:00:00Z'),
      timeFrame: 'daily',
      currentCount: 3,
      longestStreak: 3,
      lastCompletedAt: '2027-01-01T12:00:00.000Z',
      missedCount: 0,
      completedDates: ['2026-12-30', '2026-12-31', '2027-01-01'],
      milestonesClaimed: [3],
      freezes: { available: 0, used: 0 },
      frozenDates: [],
    });
    const list = await t.inject({ method: 'GET', url: '/user/alice/streak', headers: await t.auth('alice') });
    expect(list.json()).toMatchObject({ count: 1, streaks: [{ streakId: 's', currentCount: 3 }] });
    const streakEntries = (await history(t, 'alice')).json().filter((e: { type: string }) => e.type === 'STREAK');
    expect(streakEntries).toEqual([
      expect.objectContaining({ id: `STREAK#s#${at('2027-01-01T12:00:00Z')}`, points: 100, title: { de: 'Serie', en: 'Streak' } }),
    ]);
  });

  it('restarts at 1 after a gap, adds the skipped days to missedCount and pays the milestone again in the new run', async () => {
    await setup({ milestones: [{ count: 2, points: 10 }] });
    await purchaseAt(t, 'alice', at('2027-01-01T10:00:00Z'));
    await purchaseAt(t, 'alice', at('2027-01-02T10:00:00Z'));
    const restart = await purchaseAt(t, 'alice', at('2027-01-05T10:00:00Z'));
    expect(restart.streaks[0]).toMatchObject({ currentCount: 1, milestoneReached: false });
    expect(await userStreak(t, 'alice', 's')).toMatchObject({
      currentCount: 1,
      longestStreak: 2,
      missedCount: 2,
      milestonesClaimed: [],
      currentStartDate: at('2027-01-05T00:00:00Z'),
    });
    const again = await purchaseAt(t, 'alice', at('2027-01-06T10:00:00Z'));
    expect(again.streaks[0]).toMatchObject({ currentCount: 2, milestoneReached: true, pointsAwarded: 10 });
    expect(await balance(t, 'alice')).toBe(4 + 20);
  });

  it('lets a late offline event fill the missing day before the current run and join the runs', async () => {
    await setup({ milestones: [{ count: 4, points: 40 }] });
    await purchaseAt(t, 'alice', at('2027-01-01T10:00:00Z'));
    await purchaseAt(t, 'alice', at('2027-01-03T10:00:00Z'));
    await purchaseAt(t, 'alice', at('2027-01-04T10:00:00Z'));
    expect(await userStreak(t, 'alice', 's')).toMatchObject({ currentCount: 2, missedCount: 1 });
    const late = await sendEvent(t, 'alice', { eventId: 'purchase', timestamp: '2027-01-02T18:00:00Z' });
    expect(late.json().data.streaks).toEqual([
      { streakId: 's', currentCount: 4, lastUpdate: '2027-01-02T18:00:00.000Z', milestoneReached: true, pointsAwarded: 40 },
    ]);
    expect(await userStreak(t, 'alice', 's')).toMatchObject({
      currentCount: 4,
      longestStreak: 4,
      missedCount: 0,
      currentStartDate: at('2027-01-01T00:00:00Z'),
      lastCompletedAt: '2027-01-04T10:00:00.000Z',
      completedDates: ['2027-01-01', '2027-01-02', '2027-01-03', '2027-01-04'],
      milestonesClaimed: [4],
    });
  });

  it('counts weeks from Monday and keeps the week of New Year as one period', async () => {
    await setup({ streakId: 'w', timeFrame: 'weekly' });
    await purchaseAt(t, 'alice', at('2026-12-27T23:00:00Z')); // Sunday: week of Monday 2026-12-21
    const monday = await purchaseAt(t, 'alice', at('2026-12-28T00:30:00Z'));
    expect(monday.streaks[0]).toMatchObject({ streakId: 'w', currentCount: 2 });
    const newYear = await purchaseAt(t, 'alice', at('2027-01-03T20:00:00Z')); // Sunday, same week
    expect(newYear.streaks[0]).toMatchObject({ currentCount: 2 });
    await purchaseAt(t, 'alice', at('2027-01-18T09:00:00Z')); // skips the weeks of 2027-01-04 and 2027-01-11
    expect(await userStreak(t, 'alice', 'w')).toMatchObject({
      currentCount: 1,
      longestStreak: 2,
      missedCount: 2,
      currentStartDate: at('2027-01-18T00:00:00Z'),
      completedDates: ['2026-12-21', '2026-12-28', '2027-01-18'],
    });
  });

  it('counts months across the year end', async () => {
    await setup({ streakId: 'm', timeFrame: 'monthly', milestones: [{ count: 3, points: 7 }] });
    await purchaseAt(t, 'alice', at('2026-11-30T23:59:59Z'));
    await purchaseAt(t, 'alice', at('2026-12-01T00:00:00Z'));
    const jan = await purchaseAt(t, 'alice', at('2027-01-31T12:00:00Z'));
    expect(jan.streaks[0]).toMatchObject({ currentCount: 3, milestoneReached: true, pointsAwarded: 7 });
    await purchaseAt(t, 'alice', at('2027-03-01T00:00:00Z'));
    expect(await userStreak(t, 'alice', 'm')).toMatchObject({
      currentCount: 1,
      longestStreak: 3,
      missedCount: 1,
      completedDates: ['2026-11-01', '2026-12-01', '2027-01-01', '2027-03-01'],
      currentStartDate: at('2027-03-01T00:00:00Z'),
    });
  });

  it('ignores inactive streaks, other events and events that do not qualify', async () => {
    await setup({});
    await defineStreak(t, { streakId: 'off', status: 'INACTIVE' });
    await defineEvent(t, {
      eventId: 'big',
      reward: { default: 1 },
      conditions: { type: 'AND', conditions: [{ field: 'amount', operator: 'greater_than', value: 10 }] },
    });
    await defineEvent(t, { eventId: 'other', reward: { default: 1 } });
    await defineStreak(t, { streakId: 'bigStreak', eventIds: ['big'] });
    expect((await sendEvent(t, 'alice', { eventId: 'other' })).json().data.streaks).toEqual([]);
    expect((await sendEvent(t, 'alice', { eventId: 'big', metadata: { amount: 3 } })).json().data.streaks).toEqual([]);
    const list = await t.inject({ method: 'GET', url: '/user/alice/streak', headers: await t.auth('alice') });
    expect(list.json()).toEqual({ streaks: [], count: 0 });
    expect((await t.inject({ method: 'GET', url: '/user/alice/streak/off', headers: await t.auth('alice') })).statusCode).toBe(404);
    const sent = await sendEvent(t, 'alice', { eventId: 'purchase' });
    expect(sent.json().data.streaks.map((s: { streakId: string }) => s.streakId)).toEqual(['s']);
  });

  it('serves analytics from the aggregates as days pass', async () => {
    await setup({});
    expect(await streakAnalytics(t, 's')).toBeNull();
    await t.createUser('bob');
    await t.createUser('carol');
    await purchaseAt(t, 'alice', at('2027-01-01T10:00:00Z'));
    await purchaseAt(t, 'bob', at('2027-01-01T11:00:00Z'));
    await purchaseAt(t, 'alice', at('2027-01-02T10:00:00Z'));
    await purchaseAt(t, 'carol', at('2027-01-02T11:00:00Z'));
    await purchaseAt(t, 'carol', at('2027-01-02T12:00:00Z'));
    expect(await streakAnalytics(t, 's')).toEqual({
      streakId: 's',
      totalParticipants: 3,
      activeParticipants: 3,
      averageStreakLength: 4 / 3,
      longestUserStreak: 2,
      completionRate: 2 / 3,
    });
    await t.setClock(at('2027-01-03T09:00:00Z'));
    expect(await streakAnalytics(t, 's')).toMatchObject({ activeParticipants: 2, averageStreakLength: 1.5, completionRate: 0 });
    await purchaseAt(t, 'bob', at('2027-01-03T10:00:00Z'));
    expect(await streakAnalytics(t, 's')).toMatchObject({
      totalParticipants: 3,
      activeParticipants: 3,
      averageStreakLength: 4 / 3,
      completionRate: 1 / 3,
    });
    await t.setClock(at('2027-01-05T09:00:00Z'));
    expect(await streakAnalytics(t, 's')).toEqual({
      streakId: 's',
      totalParticipants: 3,
      activeParticipants: 0,
      averageStreakLength: 0,
      longestUserStreak: 2,
      completionRate: 0,
    });
  });

  it('moves the analytics of a late event that joins two runs', async () => {
    await setup({});
    await purchaseAt(t, 'alice', at('2027-01-01T10:00:00Z'));
    await purchaseAt(t, 'alice', at('2027-01-03T10:00:00Z'));
    expect(await streakAnalytics(t, 's')).toMatchObject({
      activeParticipants: 1,
      averageStreakLength: 1,
      longestUserStreak: 1,
      completionRate: 1,
    });
    await sendEvent(t, 'alice', { eventId: 'purchase', timestamp: '2027-01-02T10:00:00Z' });
    expect(await streakAnalytics(t, 's')).toMatchObject({
      totalParticipants: 1,
      activeParticipants: 1,
      averageStreakLength: 3,
      longestUserStreak: 3,
      completionRate: 1,
    });
  });

  it('deletes the user states in batches and keeps the aggregates', async () => {
    await setup({});
    await defineStreak(t, { streakId: 's2' });
    await defineStreak(t, { streakId: 's3' });
    await purchaseAt(t, 'alice', at('2027-01-01T10:00:00Z'));
    const { streaks } = t.app.services;
    expect(await streaks.deleteUserData(t.projectId, 'alice', 2)).toBe(2);
    expect(await streaks.deleteUserData(t.projectId, 'alice', 2)).toBe(1);
    expect(await streaks.deleteUserData(t.projectId, 'alice', 2)).toBe(0);
    const list = await t.inject({ method: 'GET', url: '/user/alice/streak', headers: await t.auth('alice') });
    expect(list.json()).toEqual({ streaks: [], count: 0 });
    expect(await streakAnalytics(t, 's')).toMatchObject({ totalParticipants: 1 });
  });
});
