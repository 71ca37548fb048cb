import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';

const offer = (o: Record<string, unknown>) => ({
  offerId: 'coffee',
  title: { de: 'Kaffee', en: 'Coffee' },
  description: { de: '', en: '' },
  type: 'LOCAL',
  points: 100,
  shopId: 'cafe',
  status: 'ACTIVE',
  monthlyLimit: null,
  totalLimit: null,
  perUserLimit: null,
  validFrom: null,
  validUntil: null,
  couponValidityDays: 30,
  ...o,
});

function openOffers(offers: unknown[]) {
  signedIn();
  window.history.replaceState(null, '', '/dashboard/offers');
  const api = fakeApi({
    'GET /admin/project': { status: 200, body: [] },
    'GET /admin/shop': { status: 200, body: [] },
    'GET /admin/offer': { status: 200, body: offers },
  });
  render(<App fetchImpl={api.fetchImpl} />);
}

describe('offers list', () => {
  it('shows a per-user limit, and only the limits an offer has', async () => {
    openOffers([
      offer({ offerId: 'coffee', perUserLimit: 1 }),
      offer({ offerId: 'cake', monthlyLimit: 50, totalLimit: 500 }),
      offer({ offerId: 'tea' }),
    ]);
    expect(await screen.findByText('per user 1')).toBeInTheDocument();
    expect(screen.getByText('month 50 · total 500')).toBeInTheDocument();
    expect(screen.getByText('no limit')).toBeInTheDocument();
    expect(screen.queryByText(/∞/)).toBeNull();
  });

  it('shows redemptions per offer in the list and as a chart with its numbers', async () => {
    openOffers([
      offer({
        statistics: { month: '2026-03', redeemed: 2, limit: null, remaining: null },
        totalStatistics: { redeemed: 7, used: 3, valid: 4, limit: null, remaining: null },
      }),
    ]);
    expect(await screen.findByText('2 this month · 7 in total')).toBeInTheDocument();
    const chart = await screen.findByTestId('offer-redemptions');
    const row = [...chart.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(row).toEqual([['coffee', '2', '7', '3']]);
  });
});

describe('offer form', () => {
  it("picks the shop among the project's shops, and marks a saved shop that no longer exists", async () => {
    signedIn();
    window.history.replaceState(null, '', '/dashboard/offers');
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /admin/shop': { status: 200, body: [{ shopId: 'coffee-corner', name: 'Coffee Corner', status: 'ACTIVE' }] },
      'GET /admin/offer': { status: 200, body: [offer({ offerId: 'old', shopId: 'cofee-corner' })] },
      'GET /admin/audit-log': { status: 200, body: { entries: [], nextCursor: null } },
    });
    render(<App fetchImpl={api.fetchImpl} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit old' }));
    const shop = screen.getByLabelText('Shop id');
    expect(shop.tagName).toBe('SELECT');
    await waitFor(() =>
      expect([...(shop as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
        'no shop',
        'coffee-corner — Coffee Corner',
        'cofee-corner (does not exist)',
      ]),
    );
    await userEvent.selectOptions(shop, 'coffee-corner');
    expect(shop).toHaveValue('coffee-corner');
  });
});

describe('offers for tiers', () => {
  it('limits an offer to the tiers chosen in the multi-select', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup({ delay: null });
    signedIn();
    window.history.replaceState(null, '', '/dashboard/offers');
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /admin/shop': { status: 200, body: [] },
      'GET /admin/offer': { status: 200, body: [] },
      'GET /admin/tier': {
        status: 200,
        body: [
          { tierId: 'silver', title: { en: 'Silver' }, threshold: 100, multiplier: 1, benefits: {}, createdAt: 0, updatedAt: 0 },
          { tierId: 'gold', title: { en: 'Gold' }, threshold: 500, multiplier: 2, benefits: {}, createdAt: 0, updatedAt: 0 },
        ],
      },
      'POST /admin/offer': (call) => ({ status: 201, body: call.body }),
    });
    render(<App fetchImpl={api.fetchImpl} />);
    await user.click(await screen.findByRole('button', { name: 'New offer' }));
    await user.type(screen.getByLabelText('Title (en)'), 'Lounge');
    await screen.findByRole('option', { name: 'Gold' });
    await user.selectOptions(screen.getByLabelText('Only for tiers'), ['gold']);
    await user.click(screen.getByRole('button', { name: 'Create offer' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ tiers: ['gold'] });
  });
});
