import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';

const hours = (h: number, n: number) => Array.from({ length: 24 }, (_, i) => (i === h ? n : 0));

describe('analytics', () => {
  it('shows totals and per-day numbers of the global statistics, then of one event', async () => {
    signedIn();
    window.history.replaceState(null, '', '/dashboard/analytics');
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /admin/event': { status: 200, body: [{ eventId: 'purchase', title: 'Purchase' }] },
      'GET /admin/streak': { status: 200, body: [{ streakId: 'daily-visit' }] },
      'GET /analytics/streak': {
        status: 200,
        body: {
          streakId: 'daily-visit',
          totalParticipants: 4,
          activeParticipants: 3,
          averageStreakLength: 2.5,
          longestUserStreak: 6,
          completionRate: 0.5,
        },
      },
      'GET /stats/event?period=7d': {
        status: 200,
        body: {
          period: '7d',
          eventId: null,
          startDate: '2026-01-01',
          endDate: '2026-01-07',
          data: {
            totalEvents: 7,
            uniqueUsers: 2,
            totalPoints: 70,
            eventBreakdown: { purchase: { count: 7, users: 2, points: 70 } },
            topEvents: ['purchase'],
            dailyData: {
              '2026-01-06': { events: 3, users: 1, points: 30, hourlyDistribution: hours(9, 3) },
              '2026-01-07': { events: 4, users: 2, points: 40, hourlyDistribution: hours(14, 4) },
            },
            _metadata: { uniqueUsersCalculationMethod: 'exact' },
          },
        },
      },
      'GET /stats/event?period=7d&eventId=purchase': {
        status: 200,
        body: {
          period: '7d',
          eventId: 'purchase',
          startDate: '2026-01-01',
          endDate: '2026-01-07',
          data: {
            totalCount: 7,
            uniqueUsers: 2,
            pointsAwarded: 70,
            conditionMet: 6,
            conditionFailed: 1,
            limitReached: 0,
            dailyData: { '2026-01-07': { count: 7, users: 2, points: 70, hourlyDistribution: hours(14, 7) } },
            metadataStats: { store: { kind: 'category', counts: { berlin: 5, hamburg: 2 } } },
          },
        },
      },
    });
    render(<App fetchImpl={api.fetchImpl} />);
    expect((await screen.findByTestId('total-events')).textContent).toBe('7');
    const perDay = screen.getByTestId('chart-events-per-day');
    expect(within(perDay).getByRole('row', { name: '01-07 4 2' })).toBeInTheDocument();
    expect(within(screen.getByTestId('chart-hourly')).getByRole('row', { name: '14 4' })).toBeInTheDocument();
    expect(within(screen.getByTestId('chart-top-events')).getByRole('row', { name: 'purchase 7' })).toBeInTheDocument();
    expect(within(screen.getByTestId('chart-points-by-event')).getByRole('row', { name: 'purchase 70' })).toBeInTheDocument();
    expect(await screen.findByText('50%')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Events'), 'purchase');
    await waitFor(() => expect(screen.getByText('condition failed')).toBeInTheDocument());
    expect(screen.getByRole('row', { name: 'berlin 5' })).toBeInTheDocument();
  });

  it('marks estimated unique users (≈) as the service says in data._metadata', async () => {
    signedIn();
    window.history.replaceState(null, '', '/dashboard/analytics');
    const data = {
      totalEvents: 1,
      uniqueUsers: 1,
      totalPoints: 0,
      eventBreakdown: {},
      topEvents: [],
      dailyData: {},
      _metadata: { uniqueUsersCalculationMethod: 'hyperloglog', uniqueUsersNote: '' },
    };
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /admin/event': { status: 200, body: [] },
      'GET /admin/streak': { status: 200, body: [] },
      'GET /stats/event': { status: 200, body: { period: '7d', eventId: null, startDate: '', endDate: '', data } },
    });
    render(<App fetchImpl={api.fetchImpl} />);
    expect(await screen.findByText('unique users (≈)')).toBeInTheDocument();
  });

  it('asks for a month with timeframe=month', async () => {
    signedIn();
    window.history.replaceState(null, '', '/dashboard/analytics');
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /admin/event': { status: 200, body: [] },
      'GET /admin/streak': { status: 200, body: [] },
      'GET /stats/event': {
        status: 200,
        body: {
          period: 'x',
          eventId: null,
          startDate: '',
          endDate: '',
          data: { totalEvents: 0, uniqueUsers: 0, totalPoints: 0, eventBreakdown: {}, topEvents: [], dailyData: {} },
        },
      },
    });
    render(<App fetchImpl={api.fetchImpl} />);
    expect(await screen.findByText('No events in this period yet.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Period'), 'month');
    await waitFor(() => expect(api.calls.at(-1)!.path).toMatch(/^\/stats\/event\?timeframe=month&month=\d{4}-\d{2}$/));
  });
});
