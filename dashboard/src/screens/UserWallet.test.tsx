import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';
import type { Currency, WalletBalance } from '../api/types';
import { levelProgress, levelText } from './UserWallet';

const points = {
  currencyId: 'points',
  title: { en: 'Points' },
  spendable: true,
  pointsExpiry: null,
  levels: [],
  status: 'ACTIVE',
  createdAt: 0,
  updatedAt: 0,
};
const xp: Currency = {
  currencyId: 'xp',
  title: { en: 'Experience' },
  spendable: false,
  pointsExpiry: null,
  levels: [
    { level: 1, threshold: 100, title: { en: 'Bronze' } },
    { level: 2, threshold: 250, title: { en: 'Silver' } },
  ],
  status: 'ACTIVE',
  createdAt: 0,
  updatedAt: 0,
};
const xpBalance: WalletBalance = {
  currency: 'xp',
  balance: 130,
  pending: 5,
  expiring: [],
  lifetime: 175,
  level: 1,
  nextLevel: { level: 2, threshold: 250 },
};
const wallet = {
  userId: 'alice',
  balances: [
    {
      currency: 'points',
      balance: 20,
      pending: 0,
      expiring: [{ points: 20, expiresAt: Date.UTC(2026, 2, 31, 23, 59, 59, 999) }],
      lifetime: 0,
      level: 0,
      nextLevel: null,
    },
    xpBalance,
  ],
};
const xpEntry = {
  id: 'EVENT#quiz#1772359200000',
  timestamp: 1772359200000,
  type: 'EVENT',
  points: 40,
  currency: 'xp',
  title: { en: 'Quiz' },
  description: {},
};

function openAlice(routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  window.history.replaceState(null, '', '/dashboard/users/alice');
  const api = fakeApi({
    'GET /admin/project': { status: 200, body: [] },
    'GET /admin/currency': { status: 200, body: [points, xp] },
    'GET /user/alice/points': { status: 200, body: { userId: 'alice', points: 20, userExists: true, pending: 0, expiring: [] } },
    'GET /user/alice/wallet': { status: 200, body: wallet },
    'GET /user/alice/challenge': { status: 200, body: { challenges: [], lastEvaluatedKey: null } },
    'GET /user/alice/streak': { status: 200, body: { streaks: [], count: 0 } },
    'GET /user/alice/coupon': { status: 200, body: [] },
    'GET /user/alice/history': { status: 200, body: [] },
    'GET /user/alice/history?showAll=true&limit=25&currency=xp': { status: 200, body: [xpEntry] },
    ...routes,
  });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('user screen: the wallet', () => {
  it('names the level and measures the way from its threshold to the next', () => {
    expect(levelText(xpBalance, xp)).toBe('Level 1 Bronze');
    expect(levelProgress(xpBalance, xp)).toBe(0.5);
    expect(levelText({ ...xpBalance, level: 0, lifetime: 10, nextLevel: { level: 1, threshold: 100 } }, xp)).toBe('none yet');
    expect(levelProgress({ ...xpBalance, level: 0, lifetime: 10, nextLevel: { level: 1, threshold: 100 } }, xp)).toBe(0.1);
    expect(levelProgress({ ...xpBalance, level: 2, lifetime: 900, nextLevel: null }, xp)).toBeNull();
  });

  it("shows every currency's balance, pending, next expiry, lifetime and level", async () => {
    openAlice({});
    const row = await screen.findByTestId('wallet-xp');
    expect(within(row).getByText('130')).toBeInTheDocument();
    expect(within(row).getByText('Level 1 Bronze')).toBeInTheDocument();
    expect(within(row).getByText('175 / 250 to level 2')).toBeInTheDocument();
    expect(within(row).getByRole('progressbar', { name: 'xp progress to level 2' })).toBeInTheDocument();
    expect(within(screen.getByTestId('wallet-points')).getByText(/^20 on 2026-03-31/)).toBeInTheDocument();
  });

  it('lists the history of the chosen currency, and reverses an entry within its currency', async () => {
    const user = userEvent.setup({ delay: null });
    const api = openAlice({
      'POST /admin/user/alice/reversal': { status: 201, body: { points: 40, unrecovered: 0, currency: 'xp' } },
    });
    expect(await screen.findByText('No history yet.')).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Show currency'), 'xp');
    await user.click(await screen.findByRole('button', { name: `Reverse ${xpEntry.id}` }));
    const reverse = screen.getByRole('group', { name: `Reverse ${xpEntry.id}` });
    await user.type(within(reverse).getByLabelText('Reason'), 'duplicate');
    await user.click(within(reverse).getByRole('button', { name: 'Confirm reversal of 40 xp' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ historyId: xpEntry.id, reason: 'duplicate', currency: 'xp' });
  });

  it('adjusts another currency, confirming with its balance from the wallet', async () => {
    const user = userEvent.setup({ delay: null });
    const api = openAlice({
      'POST /admin/user/alice/points': { status: 201, body: { points: -30, balance: 100, currency: 'xp' } },
    });
    const form = await screen.findByRole('form', { name: 'Adjust points' });
    await user.selectOptions(await within(form).findByLabelText('Currency'), 'xp');
    await user.type(within(form).getByLabelText('Points (+/−)'), '-30');
    await user.type(within(form).getByLabelText('Reason'), 'correction');
    await user.click(within(form).getByRole('button', { name: 'Apply adjustment' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Adjust the xp of alice?' });
    expect(within(dialog).getByText(/balance 130 → 100/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Apply adjustment' }));
    expect(await screen.findByText('Applied -30 xp; balance 100.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ points: -30, reason: 'correction', currency: 'xp' });
  });
});
