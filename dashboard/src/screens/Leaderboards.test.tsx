import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../test/downloads';
import { fakeApi, signedIn, validationError } from '../../test/fakeApi';
import { App } from '../App';

const entries = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ userId: `u${from + i}`, username: `User ${from + i}`, points: 1000 - from - i, rank: from + i }));

describe('leaderboards', () => {
  it('pages through a floating window, then a month of a group', async () => {
    signedIn('shop');
    window.history.replaceState(null, '', '/dashboard/leaderboards');
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /admin/usergroup': {
        status: 200,
        body: [{ userGroupId: 'gold', title: { default: 'Gold', de: 'Gold' }, description: {}, status: 'ACTIVE', createdAt: 0 }],
      },
      'GET /project/shop/leaderboard': (call) => {
        const offset = Number(new URL(call.path, 'http://x').searchParams.get('offset'));
        return {
          status: 200,
          body: { users: entries(offset + 1, offset === 0 ? 25 : 5), total: 30, groupId: 'default', timeframe: '30d' },
        };
      },
    });
    render(<App fetchImpl={api.fetchImpl} />);
    expect(await screen.findByText('1–25 of 30')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/project/'))[0]!.path).toBe(
      '/project/shop/leaderboard?groupId=default&timeframe=30d&limit=25&offset=0',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next →' }));
    expect(await screen.findByText('26–30 of 30')).toBeInTheDocument();
    expect(screen.getByText('User 30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next →' })).toHaveProperty('disabled', true);

    await waitFor(() => expect(screen.getByRole('option', { name: 'gold — Gold' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText('User group'), 'gold');
    await userEvent.selectOptions(screen.getByLabelText('Board'), 'month');
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path.startsWith('/project/')).at(-1)!.path).toMatch(
        /^\/project\/shop\/leaderboard\?groupId=gold&month=\d{4}-\d{2}&limit=25&offset=0$/,
      ),
    );
  });

  it('offers the currencies of the project and reads the board of the one chosen', async () => {
    signedIn('shop');
    window.history.replaceState(null, '', '/dashboard/leaderboards');
    const currency = (currencyId: string, en: string, spendable: boolean) => ({
      currencyId,
      title: { en },
      spendable,
      pointsExpiry: null,
      levels: [],
      status: 'ACTIVE',
      createdAt: 0,
      updatedAt: 0,
    });
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /admin/usergroup': { status: 200, body: [] },
      'GET /admin/currency': { status: 200, body: [currency('points', 'Points', true), currency('xp', 'Experience', false)] },
      'GET /project/shop/leaderboard': (call) =>
        call.path.includes('currency=xp')
          ? { status: 200, body: { users: [{ userId: 'bob', username: 'Bob', points: 500, rank: 1 }], total: 1, groupId: 'default' } }
          : { status: 200, body: { users: [{ userId: 'ann', username: 'Ann', points: 30, rank: 1 }], total: 1, groupId: 'default' } },
    });
    render(<App fetchImpl={api.fetchImpl} />);
    expect(await screen.findByText('Ann')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Points' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('option', { name: 'xp — Experience' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'xp');
    expect(await screen.findByText('Bob')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'xp' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/project/')).at(-1)!.path).toBe(
      '/project/shop/leaderboard?groupId=default&currency=xp&timeframe=30d&limit=25&offset=0',
    );
  });

  it('shows no currency choice for a project with points only', async () => {
    signedIn('shop');
    window.history.replaceState(null, '', '/dashboard/leaderboards');
    const points = { currencyId: 'points', title: { en: 'Points' }, spendable: true, pointsExpiry: null, levels: [], status: 'ACTIVE' };
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /admin/usergroup': { status: 200, body: [] },
      'GET /admin/currency': { status: 200, body: [{ ...points, createdAt: 0, updatedAt: 0 }] },
      'GET /project/shop/leaderboard': { status: 200, body: { users: [], total: 0, groupId: 'default' } },
    });
    render(<App fetchImpl={api.fetchImpl} />);
    expect(await screen.findByText('Nobody has points on this board yet.')).toBeInTheDocument();
    await waitFor(() => expect(api.calls.some((c) => c.path === '/admin/currency')).toBe(true));
    expect(screen.queryByLabelText('Currency')).toBeNull();
  });

  it('shows an invalid month next to the month field', async () => {
    signedIn();
    window.history.replaceState(null, '', '/dashboard/leaderboards');
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /admin/usergroup': { status: 200, body: [] },
      'GET /project/default/leaderboard': (call) =>
        call.path.includes('month=')
          ? validationError('querystring/month must match pattern "^\\d{4}-(0[1-9]|1[0-2])$"')
          : { status: 200, body: { users: [], total: 0, groupId: 'default' } },
    });
    render(<App fetchImpl={api.fetchImpl} />);
    expect(await screen.findByText('Nobody has points on this board yet.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Board'), 'month');
    await waitFor(() => expect(screen.getByLabelText('Month')).toHaveAttribute('aria-invalid', 'true'));
  });

  it('exports a display name that looks like a formula as text, never as a formula', async () => {
    signedIn('shop');
    window.history.replaceState(null, '', '/dashboard/leaderboards');
    const downloads = captureDownloads();
    const users = [
      { userId: 'mallory', username: '\t=1+1', points: 30, rank: 1 },
      { userId: 'eve', username: '@SUM(A1:A9)', points: 20, rank: 2 },
    ];
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /admin/usergroup': { status: 200, body: [] },
      'GET /project/shop/leaderboard': { status: 200, body: { users, total: 2, groupId: 'default', timeframe: '30d' } },
    });
    render(<App fetchImpl={api.fetchImpl} />);
    expect(await screen.findByText('1–2 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.count()).toBe(1));
    expect((await downloads.texts())[0]!.split('\r\n').slice(1, 3)).toEqual(["1,mallory,'\t=1+1,30", "2,eve,'@SUM(A1:A9),20"]);
  });

  it('exports every rank of the board as CSV, not only the page shown', async () => {
    signedIn('shop');
    window.history.replaceState(null, '', '/dashboard/leaderboards');
    const downloads = captureDownloads();
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /admin/usergroup': { status: 200, body: [] },
      'GET /project/shop/leaderboard': (call) => {
        const q = new URL(call.path, 'http://x').searchParams;
        const offset = Number(q.get('offset'));
        const limit = Number(q.get('limit'));
        return {
          status: 200,
          body: {
            users: entries(offset + 1, Math.max(0, Math.min(limit, 1030 - offset))),
            total: 1030,
            groupId: 'default',
            timeframe: '30d',
          },
        };
      },
    });
    render(<App fetchImpl={api.fetchImpl} />);
    expect(await screen.findByText('1–25 of 1030')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.count()).toBe(1));
    const lines = (await downloads.texts())[0]!.trim().split('\r\n');
    expect(lines).toHaveLength(1031);
    expect(lines[0]).toBe('Rank,User,Display name,Points');
    expect(lines[1030]).toBe('1030,u1030,User 1030,-30');
    expect(api.calls.filter((c) => c.path.includes('limit=1000')).map((c) => c.path)).toEqual([
      '/project/shop/leaderboard?groupId=default&timeframe=30d&limit=1000&offset=0',
      '/project/shop/leaderboard?groupId=default&timeframe=30d&limit=1000&offset=1000',
    ]);
  });
});

afterEach(() => vi.restoreAllMocks());
