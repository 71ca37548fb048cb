import { expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { defineEvent } from '../events/events.test-factory.js';
import { at, defineStreak, purchaseAt, streakAnalytics, userStreak } from './streaks.test-factory.js';

describeBackends('streaks: reads are as of now', (t) => {
  async function threeDays(streak: Record<string, unknown> = {}) {
    await defineEvent(t, { eventId: 'purchase', reward: { default: 1 }, limit: null });
    await defineStreak(t, { streakId: 's', milestones: [{ count: 3, points: 10 }], ...streak });
    await t.createUser('ann');
    for (const day of ['10', '11', '12']) await purchaseAt(t, 'ann', at(`2026-01-${day}T09:00:00Z`));
  }

  it('keeps the count while the last completed period is the current or the previous one', async () => {
    await threeDays();
    await t.setClock(at('2026-01-12T23:00:00Z'));
    expect(await userStreak(t, 'ann', 's')).toMatchObject({ currentCount: 3, milestonesClaimed: [3], missedCount: 0 });
    await t.setClock(at('2026-01-13T23:59:00Z'));
    expect(await userStreak(t, 'ann', 's')).toMatchObject({ currentCount: 3, longestStreak: 3, milestonesClaimed: [3], missedCount: 0 });
  });

  it('shows a broken run once the next period ended uncompleted: count 0, no milestones, longest kept, missed counted', async () => {
    await threeDays();
    await t.setClock(at('2026-01-14T00:00:01Z'));
    expect(await userStreak(t, 'ann', 's')).toMatchObject({ currentCount: 0, longestStreak: 3, milestonesClaimed: [], missedCount: 1 });
    await t.setClock(at('2026-01-16T12:00:00Z'));
    const list = await t.inject({ method: 'GET', url: '/user/ann/streak', headers: await t.auth('ann') });
    expect(list.json().streaks[0]).toMatchObject({
      streakId: 's',
      currentCount: 0,
      longestStreak: 3,
      milestonesClaimed: [],
      missedCount: 3,
    });
    const analytics = await streakAnalytics(t, 's');
    expect(analytics).toMatchObject({
      totalParticipants: 1,
      activeParticipants: 0,
      averageStreakLength: 0,
      longestUserStreak: 3,
      completionRate: 0,
    });
    // The next event agrees with the read: the run restarts at 1 and the missed periods stay counted.
    await purchaseAt(t, 'ann', at('2026-01-16T13:00:00Z'));
    expect(await userStreak(t, 'ann', 's')).toMatchObject({ currentCount: 1, longestStreak: 3, milestonesClaimed: [], missedCount: 3 });
  });

  it('counts a missed period covered by a banked freeze as the daily job will, whether or not it has run', async () => {
    await threeDays({ freezes: { max: 2 } });
    const grant = await t.admin('POST', '/admin/user/ann/streak/s/freeze', { count: 1 });
    expect(grant.statusCode).toBe(200);
    await t.setClock(at('2026-01-14T12:00:00Z'));
    const covered = {
      currentCount: 4,
      milestonesClaimed: [3],
      missedCount: 0,
      freezes: { available: 0, used: 1 },
      frozenDates: ['2026-01-13'],
    };
    expect(await userStreak(t, 'ann', 's')).toMatchObject(covered);
    await t.app.services.streaks.freezes.coverMissedPeriods(t.app.platform.clock.now());
    expect(await userStreak(t, 'ann', 's')).toMatchObject(covered);
    await t.setClock(at('2026-01-15T12:00:00Z'));
    expect(await userStreak(t, 'ann', 's')).toMatchObject({ currentCount: 0, longestStreak: 4, milestonesClaimed: [], missedCount: 1 });
  });
});
