import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineEvent } from '../events/events.test-factory.js';
import { createUserIn, moveUserTo } from '../users/users.test-factory.js';
import { at, defineStreak, purchaseAt, streakAnalytics, userStreak } from './streaks.test-factory.js';

/** Streak periods follow the user's local calendar (decision 160), across DST changes. */
describeSharedApp('streaks: periods in the user time zone', (t) => {
  async function setup(timeFrame: 'daily' | 'weekly' | 'monthly', users: Record<string, string>) {
    await t.setClock(at('2026-01-01T00:00:00Z'));
    await defineEvent(t, { eventId: 'purchase', reward: { default: 1 } });
    await defineStreak(t, { streakId: 's', timeFrame });
    for (const [userId, zone] of Object.entries(users)) await createUserIn(t, userId, zone);
  }
  const counts = async (userId: string, times: string[]) => {
    const out: unknown[] = [];
    for (const time of times) out.push((await purchaseAt(t, userId, at(time))).streaks[0]!.currentCount);
    return out;
  };

  it('counts New York days across the March change (a 23-hour day), where UTC days would differ', async () => {
    await setup('daily', { ny: 'America/New_York', utc: 'UTC' });
    // Sat 7 March 23:30 EST, Sun 8 March 23:30 EDT, Mon 9 March 00:30 EDT.
    const times = ['2026-03-08T04:30:00Z', '2026-03-09T03:30:00Z', '2026-03-09T04:30:00Z'];
    expect(await counts('ny', times)).toEqual([1, 2, 3]);
    expect(await userStreak(t, 'ny', 's')).toMatchObject({
      currentCount: 3,
      completedDates: ['2026-03-07', '2026-03-08', '2026-03-09'],
      currentStartDate: at('2026-03-07T05:00:00Z'), // midnight EST
    });
    expect(await counts('utc', times)).toEqual([1, 2, 2]);
  });

  it('counts New York days across the November change (a 25-hour day)', async () => {
    await setup('daily', { ny: 'America/New_York' });
    // Sat 31 Oct 23:30 EDT, Sun 1 Nov 00:30 EDT, Sun 1 Nov 23:30 EST, Mon 2 Nov 00:10 EST.
    expect(await counts('ny', ['2026-11-01T03:30:00Z', '2026-11-01T04:30:00Z', '2026-11-02T04:30:00Z', '2026-11-02T05:10:00Z'])).toEqual([
      1, 2, 2, 3,
    ]);
    expect(await userStreak(t, 'ny', 's')).toMatchObject({ completedDates: ['2026-10-31', '2026-11-01', '2026-11-02'], missedCount: 0 });
  });

  it('starts Berlin weeks at local Monday midnight after the spring change', async () => {
    await setup('weekly', { berlin: 'Europe/Berlin', utc: 'UTC' });
    // Sun 29 March 23:30 CEST, then Mon 30 March 00:30 CEST (both still Sunday in UTC).
    const times = ['2026-03-29T21:30:00Z', '2026-03-29T22:30:00Z'];
    expect(await counts('berlin', times)).toEqual([1, 2]);
    expect(await userStreak(t, 'berlin', 's')).toMatchObject({
      completedDates: ['2026-03-23', '2026-03-30'],
      currentStartDate: at('2026-03-22T23:00:00Z'),
    });
    expect(await counts('utc', times)).toEqual([1, 1]);
  });

  it('counts Auckland (UTC+13 in January) and Kathmandu (UTC+05:45) days at their local midnight', async () => {
    await setup('daily', { akl: 'Pacific/Auckland', ktm: 'Asia/Kathmandu' });
    // 23:30 and 00:30 NZDT fall into one UTC day.
    expect(await counts('akl', ['2026-01-15T10:30:00Z', '2026-01-15T11:30:00Z'])).toEqual([1, 2]);
    expect(await userStreak(t, 'akl', 's')).toMatchObject({
      completedDates: ['2026-01-15', '2026-01-16'],
      currentStartDate: at('2026-01-14T11:00:00Z'),
    });
    // 23:55 and 00:05 in Kathmandu; then 00:10 UTC of the 17th is 05:55 on the 17th there.
    expect(await counts('ktm', ['2026-01-15T18:10:00Z', '2026-01-15T18:20:00Z', '2026-01-17T00:10:00Z'])).toEqual([1, 2, 3]);
    expect(await userStreak(t, 'ktm', 's')).toMatchObject({
      completedDates: ['2026-01-15', '2026-01-16', '2026-01-17'],
      currentStartDate: at('2026-01-14T18:15:00Z'),
    });
  });

  it('keeps the streak of a user who changes zone mid-streak: local dates continue in the new zone', async () => {
    await setup('daily', { flyer: 'America/Los_Angeles' });
    expect(await counts('flyer', ['2026-01-16T04:00:00Z'])).toEqual([1]); // Thu 15 Jan 20:00 in Los Angeles
    await moveUserTo(t, 'flyer', 'Europe/Berlin');
    // Fri 16 Jan 10:00 and 23:30 in Berlin: the 16th, once.
    expect(await counts('flyer', ['2026-01-16T09:00:00Z', '2026-01-16T22:30:00Z'])).toEqual([2, 2]);
    expect(await userStreak(t, 'flyer', 's')).toMatchObject({
      currentCount: 2,
      missedCount: 0,
      completedDates: ['2026-01-15', '2026-01-16'],
      currentStartDate: at('2026-01-14T23:00:00Z'), // the run's first day, at Berlin midnight
    });
  });

  it('counts local months (Auckland is in April while UTC is still in March)', async () => {
    await setup('monthly', { akl: 'Pacific/Auckland' });
    expect(await counts('akl', ['2026-03-15T00:00:00Z', '2026-03-31T12:00:00Z'])).toEqual([1, 2]);
    expect(await userStreak(t, 'akl', 's')).toMatchObject({ completedDates: ['2026-03-01', '2026-04-01'] });
  });

  it('counts a user already in its next local day as active and complete in streak analytics', async () => {
    await setup('daily', { akl: 'Pacific/Auckland' });
    await purchaseAt(t, 'akl', at('2026-01-15T11:30:00Z')); // 16 Jan 00:30 in Auckland, still the 15th in UTC
    expect(await streakAnalytics(t, 's')).toMatchObject({
      totalParticipants: 1,
      activeParticipants: 1,
      completionRate: 1,
      averageStreakLength: 1,
    });
  });
});
