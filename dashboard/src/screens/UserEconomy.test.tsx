import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';

const earned = {
  id: 'EVENT#buy#1772359200000',
  timestamp: 1772359200000,
  type: 'EVENT',
  points: 50,
  title: { en: 'Purchase' },
  description: { en: '' },
};
const pending = { ...earned, id: 'EVENT#buy#1772359300000', points: 40, status: 'PENDING', availableAt: 1773619200000 };
const spent = { ...earned, id: 'REDEMPTION#coffee#1772359400000', type: 'REDEMPTION', points: -30, title: { en: 'Coffee' } };

function openAlice(routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  window.history.replaceState(null, '', '/dashboard/users/alice');
  const api = fakeApi({
    'GET /admin/project': { status: 200, body: [] },
    'GET /user/alice/points': {
      status: 200,
      body: {
        userId: 'alice',
        points: 20,
        userExists: true,
        pending: 40,
        expiring: [{ points: 20, expiresAt: Date.UTC(2026, 2, 31, 23, 59, 59, 999) }],
      },
    },
    'GET /user/alice/challenge': { status: 200, body: { challenges: [], lastEvaluatedKey: null } },
    'GET /user/alice/streak': { status: 200, body: { streaks: [], count: 0 } },
    'GET /user/alice/coupon': { status: 200, body: [] },
    'GET /user/alice/history': { status: 200, body: [spent, pending, earned] },
    ...routes,
  });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('user screen: pending, expiring and reversals', () => {
  it('shows the pending points, the next expiry days and the status of a pending entry', async () => {
    openAlice({});
    expect((await screen.findByTestId('pending')).textContent).toBe('40');
    expect(within(screen.getByRole('list', { name: 'Expiring points' })).getByText(/^20 expire/)).toBeInTheDocument();
    // The status badge of the pending history entry (the stat card above is labelled "pending" too).
    expect(await screen.findByText('pending', { selector: '.badge' })).toBeInTheDocument();
  });

  it('reverses an earning entry after a reason and a confirmation; spending has no Reverse button', async () => {
    const user = userEvent.setup({ delay: null });
    const api = openAlice({
      'POST /admin/user/alice/reversal': {
        status: 201,
        body: {
          userId: 'alice',
          reversalId: 'rev_1',
          historyId: earned.id,
          points: -20,
          unrecovered: 30,
          balance: 0,
          reason: 'returned',
          timestamp: 0,
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: `Reverse ${earned.id}` }));
    expect(screen.queryByRole('button', { name: `Reverse ${spent.id}` })).toBeNull();
    const confirm = within(screen.getByRole('group', { name: `Reverse ${earned.id}` }));
    expect((confirm.getByRole('button', { name: 'Confirm reversal of 50 points' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(confirm.getByLabelText('Reason'), 'returned');
    await user.click(confirm.getByRole('button', { name: 'Confirm reversal of 50 points' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ historyId: earned.id, reason: 'returned' });
  });
});
