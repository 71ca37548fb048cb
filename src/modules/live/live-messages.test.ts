import { describe, expect, it } from 'vitest';
import type { BatchNotice } from '../../write-path/write-batch.js';
import type { PipelineEvent, PipelineOutcome } from '../events/index.js';
import { batchMessages } from './live-messages.js';

const notice = (userId: string, type: string, data: Record<string, unknown>): BatchNotice => ({
  type,
  projectId: 'p',
  userId,
  occurredAt: 1,
  data: { userId, ...data },
});
const points = (userId: string, p: number, balance: number) =>
  notice(userId, 'points.changed', { entryType: 'EVENT', sourceId: 'buy', points: p, balance, occurredAt: 1 });
const event = (userId: string) => ({ projectId: 'p', userId, eventId: 'buy' }) as PipelineEvent;
const outcome = (challenges: PipelineOutcome['challenges'], streaks: PipelineOutcome['streaks'] = []): PipelineOutcome => ({
  challenges,
  streaks,
  achievements: [],
  pointsEarned: 0,
  notes: [],
  campaigns: [],
  campaignMisses: [],
});

describe('a batch’s live messages', () => {
  it('keep the order the batch decided, per listened user, with each event’s stage results after its notices', () => {
    const notices = [points('ann', 10, 10), points('bob', 5, 5), points('ann', 10, 20), notice('ann', 'survey.answered', {})];
    const marks = [
      { at: 1, event: event('ann'), outcome: outcome([{ challengeId: 'c', progress: 1, goal: 2, completed: false, pointsAwarded: 0 }]) },
      {
        at: 3,
        event: event('ann'),
        outcome: outcome([], [{ streakId: 's', currentCount: 2, lastUpdate: 'x', milestoneReached: false, pointsAwarded: 0 }]),
      },
    ];
    const byUser = batchMessages(notices, marks, (_p, u) => u === 'ann');
    expect([...byUser.keys()]).toEqual(['p\u0000ann']);
    expect(byUser.get('p\u0000ann')!.messages.map((m) => m.event)).toEqual([
      'points.changed',
      'challenge.progress',
      'points.changed',
      'streak.updated',
    ]);
    expect(byUser.get('p\u0000ann')!.messages[2]!.data).toEqual({
      currency: 'points',
      delta: 10,
      balance: 20,
      source: { type: 'EVENT', id: 'buy' },
      occurredAt: 1,
    });
  });

  it('carry an unlocked achievement (without the user id, which the stream names)', () => {
    const unlocked = notice('u1', 'achievement.unlocked', {
      achievementId: 'first-buy',
      level: 2,
      pointsAwarded: 50,
      unlockedAt: 7,
      backfilled: false,
    });
    const messages = batchMessages([unlocked], [], () => true);
    expect(messages.get('p\u0000u1')!.messages).toEqual([
      {
        event: 'achievement.unlocked',
        data: { achievementId: 'first-buy', level: 2, pointsAwarded: 50, unlockedAt: 7, backfilled: false },
      },
    ]);
  });

  it('are none while nobody listens', () => {
    expect(batchMessages([points('ann', 10, 10)], [], () => false).size).toBe(0);
  });

  it('leave a completed challenge to challenge.completed', () => {
    const marks = [
      { at: 0, event: event('ann'), outcome: outcome([{ challengeId: 'c', progress: 2, goal: 2, completed: true, pointsAwarded: 5 }]) },
    ];
    const completed = notice('ann', 'challenge.completed', { challengeId: 'c', progress: 2, goal: 2, pointsAwarded: 5 });
    const messages = batchMessages([completed], marks, () => true).get('p\u0000ann')!.messages;
    expect(messages).toEqual([{ event: 'challenge.completed', data: { challengeId: 'c', progress: 2, goal: 2, pointsAwarded: 5 } }]);
  });
});
