import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';
import { readAdjustments } from './BulkAdjustments';

describe('bulk adjustments', () => {
  it('reads userId, points, reason with or without a header, and names the lines it cannot send', () => {
    expect(readAdjustments('userId,points,reason\nalice,10,"promo, march"\nbob,-5,typo\n')).toEqual({
      rows: [
        { userId: 'alice', points: 10, reason: 'promo, march' },
        { userId: 'bob', points: -5, reason: 'typo' },
      ],
      problems: [],
    });
    expect(readAdjustments('alice,0,x\nbob,1.5,y\ncarol,3,\ndave,2').problems).toEqual([
      'Line 1: points must be a whole number other than 0 (got “0”)',
      'Line 2: points must be a whole number other than 0 (got “1.5”)',
      'Line 3: the reason is empty',
      'Line 4: needs userId, points and reason',
    ]);
  });

  it('previews the upload with a dry run, then applies it in one request after a confirmation', async () => {
    signedIn();
    window.history.replaceState(null, '', '/dashboard/users');
    const result = (dryRun: boolean) => ({
      dryRun,
      applied: dryRun ? 0 : 1,
      failed: 1,
      rows: [
        {
          row: 0,
          userId: 'alice',
          outcome: dryRun ? 'WOULD_APPLY' : 'APPLIED',
          points: -1109,
          balanceBefore: 1109,
          balanceAfter: 0,
          adjustmentId: dryRun ? null : 'adj1',
          code: null,
          message: null,
        },
        {
          row: 1,
          userId: 'ghost',
          outcome: 'FAILED',
          points: 0,
          balanceBefore: null,
          balanceAfter: null,
          adjustmentId: null,
          code: 'USER_NOT_FOUND',
          message: 'User ghost not found',
        },
      ],
    });
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /admin/user': { status: 200, body: { users: [], nextCursor: null } },
      'POST /admin/adjustments/bulk': (call) => ({ status: 200, body: result((call.body as { dryRun: boolean }).dryRun) }),
    });
    render(<App fetchImpl={api.fetchImpl} />);
    await userEvent.click(await screen.findByText('Bulk point adjustments (CSV upload)'));
    await userEvent.upload(
      screen.getByLabelText('CSV file'),
      new File(['userId,points,reason\nalice,-999999,wipe\nghost,5,x\n'], 'adjust.csv', { type: 'text/csv' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Preview 2 adjustments' }));
    expect(await screen.findByText('Preview: 1 would apply, 1 would fail. Nothing has changed yet.')).toBeInTheDocument();
    expect(screen.getByText('1,109 → 0')).toBeInTheDocument();
    expect(screen.getByText('User ghost not found (USER_NOT_FOUND)')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Apply 2 adjustments' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Done: 1 applied, 1 failed.')).toBeInTheDocument();
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.body)).toEqual([
      {
        dryRun: true,
        rows: [
          { userId: 'alice', points: -999999, reason: 'wipe' },
          { userId: 'ghost', points: 5, reason: 'x' },
        ],
      },
      {
        dryRun: false,
        rows: [
          { userId: 'alice', points: -999999, reason: 'wipe' },
          { userId: 'ghost', points: 5, reason: 'x' },
        ],
      },
    ]);
  });

  it('sends nothing while the file has a bad line', async () => {
    signedIn();
    window.history.replaceState(null, '', '/dashboard/users');
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /admin/user': { status: 200, body: { users: [], nextCursor: null } },
    });
    render(<App fetchImpl={api.fetchImpl} />);
    await userEvent.click(await screen.findByText('Bulk point adjustments (CSV upload)'));
    await userEvent.upload(screen.getByLabelText('CSV file'), new File(['alice,ten,x\n'], 'bad.csv'));
    expect(await screen.findByText('Line 1: points must be a whole number other than 0 (got “ten”)')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Preview/ })).toBeNull());
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('adjusts the chosen currency in every row, and a new choice asks for a new preview', async () => {
    signedIn();
    window.history.replaceState(null, '', '/dashboard/users');
    const currency = (currencyId: string) => ({ currencyId, title: {}, spendable: true, pointsExpiry: null, levels: [], status: 'ACTIVE' });
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /admin/user': { status: 200, body: { users: [], nextCursor: null } },
      'GET /admin/currency': { status: 200, body: [currency('points'), currency('xp')] },
      'POST /admin/adjustments/bulk': { status: 200, body: { dryRun: true, applied: 0, failed: 0, rows: [] } },
    });
    render(<App fetchImpl={api.fetchImpl} />);
    await userEvent.click(await screen.findByText('Bulk point adjustments (CSV upload)'));
    await userEvent.upload(screen.getByLabelText('CSV file'), new File(['alice,5,bonus\n'], 'xp.csv'));
    await userEvent.selectOptions(await screen.findByLabelText('Currency'), 'xp');
    await userEvent.click(await screen.findByRole('button', { name: 'Preview 1 adjustment' }));
    expect(await screen.findByText(/^Preview: 0 would apply/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      dryRun: true,
      rows: [{ userId: 'alice', points: 5, reason: 'bonus', currency: 'xp' }],
    });
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'points');
    expect(screen.queryByText(/^Preview: 0 would apply/)).toBeNull();
  });
});
