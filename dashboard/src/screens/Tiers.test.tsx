import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';
import { tierToBody } from './Tiers';

const gold = { tierId: 'gold', title: { de: 'Gold', en: 'Gold' }, threshold: 500, multiplier: 2, benefits: {}, createdAt: 0, updatedAt: 0 };

function open(routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  window.history.replaceState(null, '', '/dashboard/tiers');
  const api = fakeApi({ 'GET /admin/project': { status: 200, body: [] }, ...routes });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('Tiers', () => {
  it('sends numbers for threshold and multiplier, and no status', () => {
    const body = tierToBody({
      tierId: ' gold ',
      title: { de: 'Gold', en: '' },
      threshold: '500',
      multiplier: '1.5',
      benefits: { de: '', en: '' },
      status: 'ACTIVE',
    });
    expect(body).toEqual({ tierId: 'gold', title: { de: 'Gold' }, threshold: 500, multiplier: 1.5 });
  });

  it('creates a tier and lists tiers without a status; a row is deleted, not deactivated', async () => {
    const user = userEvent.setup();
    let list: unknown[] = [];
    const api = open({
      'GET /admin/tier': () => ({ status: 200, body: list }),
      'POST /admin/tier': () => {
        list = [gold];
        return { status: 201, body: gold };
      },
      'DELETE /admin/tier/gold': () => {
        list = [];
        return { status: 204 };
      },
    });
    expect(await screen.findByText('No tiers yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New tier' }));
    await user.type(screen.getByLabelText('Tier id'), 'gold');
    await user.type(screen.getByLabelText('Title (en)'), 'Gold');
    await user.type(screen.getByLabelText('Threshold'), '500');
    await user.clear(screen.getByLabelText('Multiplier'));
    await user.type(screen.getByLabelText('Multiplier'), '2');
    await user.click(screen.getByRole('button', { name: 'Create tier' }));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      tierId: 'gold',
      title: { en: 'Gold' },
      threshold: 500,
      multiplier: 2,
    });
    const row = (await screen.findByText('×2')).closest('tr')!;
    expect(screen.queryByRole('columnheader', { name: 'Status' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Deactivate gold' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Delete gold' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete tier gold?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No tiers yet.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});
