import { render, screen, waitFor } from '@testing-library/react';
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
    openOffers([offer({ offerId: 'coffee', perUserLimit: 1 }), offer({ offerId: 'cake', monthlyLimit: 50, totalLimit: 500 }), offer({ offerId: 'tea' })]);
    expect(await screen.findByText('per user 1')).toBeInTheDocument();
    expect(screen.getByText('month 50 · total 500')).toBeInTheDocument();
    expect(screen.getByText('no limit')).toBeInTheDocument();
    expect(screen.queryByText(/∞/)).toBeNull();
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
