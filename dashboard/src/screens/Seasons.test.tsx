import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';
import { seasonRewardsConfig, seasonRewardToBody } from './Seasons';

function openSeasons(routes: Parameters<typeof fakeApi>[0] = {}) {
  signedIn();
  window.history.replaceState(null, '', '/dashboard/seasons');
  const api = fakeApi({
    'GET /admin/project': { status: 200, body: [] },
    'GET /admin/season-reward': {
      status: 200,
      body: [
        {
          seasonRewardId: 'monthly',
          groupId: 'default',
          bands: [
            { fromRank: 1, toRank: 1, points: 100 },
            { fromRank: 2, toRank: 3, offerId: 'mug' },
          ],
        },
      ],
    },
    ...routes,
  });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('seasons screen', () => {
  it('sends bands with points, a coupon offer or both, and reads a reward back into the form', () => {
    const body = seasonRewardToBody({
      ...seasonRewardsConfig.blank(),
      seasonRewardId: 'monthly',
      bands: [
        { fromRank: '1', toRank: '1', points: '100', offerId: '' },
        { fromRank: '2', toRank: '3', points: '', offerId: 'mug' },
      ],
    });
    expect(body).toEqual({
      seasonRewardId: 'monthly',
      groupId: 'default',
      bands: [
        { fromRank: 1, toRank: 1, points: 100 },
        { fromRank: 2, toRank: 3, offerId: 'mug' },
      ],
    });
    expect(body).not.toHaveProperty('status');
    const form = seasonRewardsConfig.toForm({
      seasonRewardId: 'monthly',
      groupId: 'vip',
      bands: [{ fromRank: 2, toRank: 3, offerId: 'mug' }],
    });
    expect(form).toMatchObject({ groupId: 'vip', bands: [{ fromRank: '2', toRank: '3', points: '', offerId: 'mug' }] });
  });

  it('lists the season rewards, and shows the archived board and the prizes of a closed month', async () => {
    const user = userEvent.setup({ delay: null });
    const api = openSeasons({
      'GET /project/default/leaderboard/archive?month=2026-01&groupId=default': {
        status: 200,
        body: {
          month: '2026-01',
          groupId: 'default',
          archivedAt: Date.UTC(2026, 1, 1),
          total: 2,
          users: [
            { userId: 'ann', username: 'Ann', points: 50, rank: 1 },
            { userId: 'bob', username: 'bob', points: 40, rank: 2 },
          ],
        },
      },
      'GET /project/default/leaderboard/archive': {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'No archived board', code: 'ARCHIVE_NOT_FOUND' },
      },
      'GET /admin/season/2026-01/payouts': {
        status: 200,
        body: {
          month: '2026-01',
          payouts: [{ groupId: 'default', seasonRewardId: 'monthly', userId: 'ann', rank: 1, points: 100, paidAt: Date.UTC(2026, 1, 1) }],
        },
      },
      'GET /admin/season/2026-02/payouts': { status: 200, body: { month: '2026-02', payouts: [] } },
      'POST /admin/season/2026-02/close': { status: 202, body: { month: '2026-02', jobId: 'job_1' } },
    });
    expect(await screen.findByText('#1: 100 pts · #2–3: coupon mug')).toBeInTheDocument();
    const month = screen.getByLabelText('Month (YYYY-MM)');
    await user.clear(month);
    await user.type(month, '2026-01');
    const board = await screen.findByRole('table', { name: 'Archived board' });
    expect(within(board).getByText('Ann')).toBeInTheDocument();
    const payouts = await screen.findByRole('table', { name: 'Payouts' });
    expect(within(payouts).getByText('100')).toBeInTheDocument();
    expect(within(payouts).getByText('ann')).toBeInTheDocument();

    await user.clear(month);
    await user.type(month, '2026-02');
    expect(await screen.findByText(/No archive of default for 2026-02/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close 2026-02 now (testing)' }));
    expect(await screen.findByText(/job job_1/)).toBeInTheDocument();
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path === '/admin/season/2026-02/close')).toBe(true));
  });
});
