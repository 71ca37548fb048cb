import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, defineEvent, sendEvent } from '../events/events.test-factory.js';
import { defineChallenge, userChallenges } from '../challenges/challenges.test-factory.js';
import { at, defineStreak, streakAnalytics, userStreak } from './streaks.test-factory.js';

describeSharedApp('challenges and streaks: concurrent events', (t) => {
  it('completes a challenge once, counts the day once and pays every bonus once under concurrent events', async () => {
    await t.setClock(at('2027-01-01T10:00:00Z'));
    await defineEvent(t, { eventId: 'purchase', reward: { default: 1 } });
    await defineChallenge(t, { challengeId: 'five', goal: 5, points: 50 });
    await defineStreak(t, { streakId: 's', milestones: [{ count: 1, points: 7 }] });
    await t.createUser('alice');
    const results = await Promise.all(Array.from({ length: 20 }, () => sendEvent(t, 'alice', { eventId: 'purchase' })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const completions = results.flatMap((r) => r.json().data.challenges).filter((c: { completed: boolean }) => c.completed);
    expect(completions).toHaveLength(1);
    const milestones = results.flatMap((r) => r.json().data.streaks).filter((s: { milestoneReached: boolean }) => s.milestoneReached);
    expect(milestones).toHaveLength(1);
    expect(await balance(t, 'alice')).toBe(20 + 50 + 7);
    expect(await t.app.services.points.ledgerSum(t.projectId, 'alice')).toBe(20 + 50 + 7);
    expect((await userChallenges(t, 'alice')).challenges[0]).toMatchObject({ progress: 5, completed: true });
    expect(await userStreak(t, 'alice', 's')).toMatchObject({ currentCount: 1, completedDates: ['2027-01-01'] });
    expect(await streakAnalytics(t, 's')).toMatchObject({ totalParticipants: 1, activeParticipants: 1, averageStreakLength: 1 });
  });
});
