import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';

function openUser(userId: string, routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  window.history.replaceState(null, '', `/dashboard/users/${userId}`);
  const api = fakeApi({
    'GET /admin/project': { status: 200, body: [] },
    [`GET /user/${userId}/points`]: { status: 200, body: { userId, points: 10, userExists: true } },
    [`GET /user/${userId}/history`]: { status: 204 },
    [`GET /user/${userId}/challenge`]: { status: 200, body: { challenges: [], lastEvaluatedKey: null } },
    [`GET /user/${userId}/streak`]: { status: 200, body: { streaks: [], count: 0 } },
    [`GET /user/${userId}/coupon`]: { status: 200, body: [] },
    ...routes,
  });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('user referral card', () => {
  it("shows the user's code, its referrer and its counts as a referrer", async () => {
    const api = openUser('ann', {
      'GET /user/ann/referral': { status: 200, body: { code: 'K7QM2XHP', referredBy: 'rita', invited: 3, qualified: 2, earned: 100 } },
    });
    expect((await screen.findByTestId('referral-code')).textContent).toBe('K7QM2XHP');
    const card = screen.getByRole('heading', { name: 'Referrals' }).closest('.card') as HTMLElement;
    expect(card.textContent).toMatch(/referred by rita/);
    expect(card.textContent).toMatch(/3invited/);
    expect(card.textContent).toMatch(/2qualified/);
    expect(card.textContent).toMatch(/100earned/);
    expect(api.calls.find((c) => c.path === '/user/ann/referral')!.headers.authorization).toBe('Bearer admin-token-for-tests');
  });

  it('says when the user was not referred', async () => {
    openUser('rita', {
      'GET /user/rita/referral': { status: 200, body: { code: 'ABCDEFGH', referredBy: null, invited: 0, qualified: 0, earned: 0 } },
    });
    expect((await screen.findByTestId('referral-code')).textContent).toBe('ABCDEFGH');
    expect(screen.getByText(/not referred/)).toBeInTheDocument();
  });
});
