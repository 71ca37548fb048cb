import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';
import { change } from './ProgrammeHome';

const DAY = 86_400_000;
/** Global stats whose last `days` days have the given users and points per day (newest last). */
function stats(period: string, uniqueUsers: number, totalPoints: number, perDay: Array<{ users: number; points: number }>) {
  const end = Date.UTC(2026, 2, 12);
  const dailyData = Object.fromEntries(
    perDay.map((d, i) => [
      new Date(end - (perDay.length - 1 - i) * DAY).toISOString().slice(0, 10),
      { events: d.users, users: d.users, points: d.points, hourlyDistribution: [] },
    ]),
  );
  return {
    status: 200,
    body: {
      period,
      eventId: null,
      startDate: '',
      endDate: '',
      data: { totalEvents: 40, uniqueUsers, totalPoints, eventBreakdown: {}, topEvents: [], dailyData },
    },
  };
}

function openOverview(routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  const api = fakeApi({ 'GET /admin/project': { status: 200, body: [] }, ...routes });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('overview', () => {
  it('says a change against the previous period in plain figures', () => {
    expect(change(12, 10)).toBe('+20 %');
    expect(change(9, 10)).toBe('−10 %');
    expect(change(5, 0)).toBe('new');
    expect(change(0, 0)).toBe('±0 %');
  });

  it('is the set-up checklist while the project has no event definitions', async () => {
    openOverview({ 'GET /admin/event': { status: 200, body: [] } });
    expect(await screen.findByRole('heading', { name: 'Set up project default' })).toBeInTheDocument();
    expect(screen.queryByTestId('programme-home')).toBeNull();
  });

  it(
    "once set up, is the programme's home: active users, points issued, redeemed and outstanding, challenge " + 'completions, redemptions',
    async () => {
      // 90 days: 2 users a day for the 7 days before the last 7, 3 a day in the last 7.
      const days = Array.from({ length: 90 }, (_, i) =>
        i >= 83 ? { users: 3, points: 30 } : i >= 76 ? { users: 2, points: 20 } : { users: 0, points: 0 },
      );
      openOverview({
        'GET /admin/event': { status: 200, body: [{ eventId: 'purchase' }] },
        'GET /stats/event?period=7d': stats('7d', 5, 210, days.slice(-7)),
        'GET /stats/event?period=30d': stats('30d', 9, 350, days.slice(-30)),
        'GET /stats/event?period=90d': stats('90d', 9, 350, days),
        'GET /admin/offer': {
          status: 200,
          body: [
            {
              offerId: 'coffee',
              points: 100,
              statistics: { month: '2026-03', redeemed: 2, limit: null, remaining: null },
              totalStatistics: { redeemed: 3, used: 1, valid: 2, limit: null, remaining: null },
            },
          ],
        },
        'GET /admin/challenge': {
          status: 200,
          body: [
            { challengeId: 'five', completions: { total: 7, last30Days: 4 } },
            { challengeId: 'ten', completions: { total: 1, last30Days: 1 } },
          ],
        },
        'GET /admin/user': (call) =>
          call.path.includes('cursor=p2')
            ? { status: 200, body: { users: [{ userId: 'c', points: 9, lastActiveAt: null, createdAt: 0 }], nextCursor: null } }
            : {
                status: 200,
                body: {
                  users: [
                    { userId: 'a', points: 1000, lastActiveAt: null, createdAt: 0 },
                    { userId: 'b', points: 100, lastActiveAt: null, createdAt: 0 },
                  ],
                  nextCursor: 'p2',
                },
              },
      });
      expect(await screen.findByRole('heading', { name: 'Project default' })).toBeInTheDocument();
      expect((await screen.findByTestId('active-7d')).textContent).toBe('5');
      expect(screen.getByTestId('active-30d').textContent).toBe('9');
      expect(screen.getByText(/3\.0 over the last 7 days, \+50 % against the 7 days before/)).toBeInTheDocument();
      expect(screen.getByTestId('issued-30d').textContent).toBe('350');
      expect(screen.getByTestId('outstanding').textContent).toBe('1,109');
      expect(screen.getByText('outstanding (all balances)')).toBeInTheDocument();
      expect(screen.getByText('300')).toBeInTheDocument(); // 3 redemptions of a 100-point offer
      expect(screen.getByTestId('redemptions').textContent).toBe('3');
      expect(screen.getByTestId('completions-30d').textContent).toBe('5');
    },
  );
});
