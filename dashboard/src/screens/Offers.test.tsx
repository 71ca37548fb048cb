import { render, screen } from '@testing-library/react';
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
