import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';

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
const xp = { ...points, currencyId: 'xp', title: { en: 'Experience' }, spendable: false };
const coins = { ...points, currencyId: 'coins', title: { en: 'Coins' } };

function open(path: string, routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  window.history.replaceState(null, '', `/dashboard/${path}`);
  const api = fakeApi({
    'GET /admin/project': { status: 200, body: [] },
    'GET /admin/shop': { status: 200, body: [] },
    'GET /admin/tier': { status: 200, body: [] },
    'GET /admin/offer': { status: 200, body: [] },
    ...routes,
  });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('the currency choice of a form', () => {
  it('is not shown while the project has only points', async () => {
    const user = userEvent.setup({ delay: null });
    open('offers', { 'GET /admin/currency': { status: 200, body: [points] } });
    await user.click(await screen.findByRole('button', { name: 'New offer' }));
    expect(screen.getByLabelText('Cost (points)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Cost currency')).toBeNull();
  });

  it('prices an offer in a spendable currency only, and loads the currencies once', async () => {
    const user = userEvent.setup({ delay: null });
    const api = open('offers', {
      'GET /admin/currency': { status: 200, body: [points, xp, coins] },
      'POST /admin/offer': (call) => ({ status: 201, body: { offerId: 'mug', ...(call.body as object) } }),
    });
    await user.click(await screen.findByRole('button', { name: 'New offer' }));
    const select = await screen.findByLabelText('Cost currency');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['points', 'coins']);
    await user.selectOptions(select, 'coins');
    await user.clear(screen.getByLabelText('Cost (coins)'));
    await user.type(screen.getByLabelText('Cost (coins)'), '30');
    await user.type(screen.getByLabelText('Title (en)'), 'Mug');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'New offer' }));
    await user.selectOptions(await screen.findByLabelText('Cost currency'), 'coins');
    await user.type(screen.getByLabelText('Title (en)'), 'Mug');
    await user.click(screen.getByRole('button', { name: 'Create offer' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ points: 100, currency: 'coins' });
    expect(api.calls.filter((c) => c.path === '/admin/currency')).toHaveLength(1);
  });

  it('lets a challenge pay another currency', async () => {
    const user = userEvent.setup({ delay: null });
    const api = open('challenges', {
      'GET /admin/currency': { status: 200, body: [points, xp] },
      'GET /admin/challenge': { status: 200, body: [] },
      'GET /admin/event': { status: 200, body: [{ eventId: 'quiz', title: 'Quiz', status: 'ACTIVE' }] },
      'POST /admin/challenge': (call) => ({ status: 201, body: { challengeId: 'c1', ...(call.body as object) } }),
    });
    await user.click(await screen.findByRole('button', { name: 'New challenge' }));
    await user.type(screen.getByLabelText('Title (en)'), 'Quizzer');
    await user.selectOptions(await screen.findByLabelText('Currency'), 'xp');
    await user.click(screen.getByRole('button', { name: 'Create challenge' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ points: 50, currency: 'xp' });
  });
});
