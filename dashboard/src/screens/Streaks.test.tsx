import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';
import { streaksConfig, streakToBody } from './Streaks';

describe('streak freezes in the dashboard', () => {
  const form = () => ({ ...streaksConfig.blank(), title: { de: 'Serie', en: 'Streak' }, eventIds: ['purchase'] });

  it('sends freezes { max, earnEveryMilestone } when a max is entered, null when it is empty', () => {
    expect(streakToBody({ ...form(), freezesMax: '2', earnFreezeEveryMilestone: true })).toMatchObject({
      freezes: { max: 2, earnEveryMilestone: true },
    });
    expect(streakToBody(form()).freezes ?? null).toBeNull();
  });

  it('reads the freezes of a streak back into the form', () => {
    const f = streaksConfig.toForm({
      streakId: 's',
      title: { de: 'S' },
      description: {},
      timeFrame: 'daily',
      eventIds: ['purchase'],
      milestones: [],
      status: 'ACTIVE',
      freezes: { max: 3, earnEveryMilestone: false },
      createdAt: 1,
      updatedAt: 1,
    });
    expect(f).toMatchObject({ freezesMax: '3', earnFreezeEveryMilestone: false });
  });

  it("shows a user's banked and used freezes and the frozen days", async () => {
    signedIn();
    window.history.replaceState(null, '', '/dashboard/users/alice');
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /user/alice/points': { status: 200, body: { userId: 'alice', points: 3, userExists: true } },
      'GET /user/alice/history': { status: 204 },
      'GET /user/alice/challenge': { status: 200, body: { challenges: [], lastEvaluatedKey: null } },
      'GET /user/alice/coupon': { status: 200, body: [] },
      'GET /user/alice/streak': {
        status: 200,
        body: {
          count: 1,
          streaks: [
            {
              userId: 'alice',
              streakId: 's',
              title: { en: 'Daily visit' },
              timeFrame: 'daily',
              currentCount: 3,
              longestStreak: 3,
              missedCount: 0,
              completedDates: ['2026-01-05', '2026-01-07'],
              milestonesClaimed: [],
              freezes: { available: 1, used: 1 },
              frozenDates: ['2026-01-06'],
            },
          ],
        },
      },
    });
    render(<App fetchImpl={api.fetchImpl} />);
    expect(await screen.findByText(/freezes 1 banked, 1 used/)).toBeInTheDocument();
    expect(screen.getByText(/frozen 2026-01-06/)).toBeInTheDocument();
  });
});
