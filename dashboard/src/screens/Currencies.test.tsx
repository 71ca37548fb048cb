import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';
import { currencyToBody } from './Currencies';

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
const xp = {
  currencyId: 'xp',
  title: { en: 'Experience' },
  spendable: false,
  pointsExpiry: null,
  levels: [
    { level: 1, threshold: 100, title: { en: 'Bronze', de: 'Bronze' } },
    { level: 2, threshold: 250, title: { en: 'Silver' } },
  ],
  status: 'ACTIVE',
  createdAt: 0,
  updatedAt: 0,
};

function open(routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  window.history.replaceState(null, '', '/dashboard/currencies');
  const api = fakeApi({ 'GET /admin/project': { status: 200, body: [] }, ...routes });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('Currencies', () => {
  it('sends levels with numbers, an expiry in days or null, and keeps the other languages of a level title', () => {
    expect(
      currencyToBody({
        currencyId: ' xp ',
        title: { de: '', en: 'Experience' },
        spendable: false,
        afterDays: '',
        levels: [
          { level: '1', threshold: '100', title: 'Bronze', otherTitles: { de: 'Bronze' } },
          { level: '2', threshold: '', title: 'unfinished row', otherTitles: {} },
        ],
        status: 'ACTIVE',
      }),
    ).toEqual({
      currencyId: 'xp',
      title: { en: 'Experience' },
      spendable: false,
      pointsExpiry: null,
      levels: [{ level: 1, threshold: 100, title: { de: 'Bronze', en: 'Bronze' } }],
      status: 'ACTIVE',
    });
    expect(
      currencyToBody({ currencyId: 'coins', title: { en: 'Coins' }, spendable: true, afterDays: '90', levels: [], status: 'ACTIVE' })
        .pointsExpiry,
    ).toEqual({ afterDays: 90 });
  });

  it('lists points first without buttons, and creates a currency with levels', async () => {
    const user = userEvent.setup();
    let list: unknown[] = [points];
    const api = open({
      'GET /admin/currency': () => ({ status: 200, body: list }),
      'POST /admin/currency': () => {
        list = [points, xp];
        return { status: 201, body: xp };
      },
    });
    const pointsRow = (await screen.findByText('Set in Settings → Projects (points expiry)')).closest('tr')!;
    expect(within(pointsRow).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'New currency' }));
    await user.type(screen.getByLabelText('Currency id'), 'xp');
    await user.type(screen.getByLabelText('Title (en)'), 'Experience');
    await user.click(screen.getByRole('button', { name: '+ Add level' }));
    await user.type(screen.getByLabelText('Threshold'), '100');
    await user.type(screen.getByLabelText('Level title'), 'Bronze');
    await user.click(screen.getByRole('button', { name: 'Create currency' }));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      currencyId: 'xp',
      title: { en: 'Experience' },
      spendable: false,
      pointsExpiry: null,
      levels: [{ level: 1, threshold: 100, title: { en: 'Bronze' } }],
    });
    const row = (await screen.findByText('1: 100 Bronze · 2: 250 Silver')).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Edit xp' })).toBeInTheDocument();
  });

  it('edits a currency with a full update that keeps its levels', async () => {
    const user = userEvent.setup();
    const api = open({
      'GET /admin/currency': { status: 200, body: [points, xp] },
      'PUT /admin/currency/xp': (call) => ({ status: 200, body: { ...xp, ...(call.body as object) } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit xp' }));
    expect((screen.getByLabelText('Currency id') as HTMLInputElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Expires after (days)'), '365');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      currencyId: 'xp',
      title: { en: 'Experience' },
      spendable: false,
      pointsExpiry: { afterDays: 365 },
      levels: [
        { level: 1, threshold: 100, title: { de: 'Bronze', en: 'Bronze' } },
        { level: 2, threshold: 250, title: { en: 'Silver' } },
      ],
      status: 'ACTIVE',
    });
  });
});
