import type { Offer } from '../api/types';
import { LazyChartCard } from '../components/LazyChart';

/** Redemptions per offer: this month, in total, and how many of the coupons were used. */
export function OfferRedemptions({ items }: { items: Offer[] }) {
  const data = items.map((o) => ({
    label: o.offerId,
    month: o.statistics?.redeemed ?? 0,
    total: o.totalStatistics?.redeemed ?? 0,
    used: o.totalStatistics?.used ?? 0,
  }));
  return (
    <LazyChartCard
      title="Redemptions per offer"
      testId="offer-redemptions"
      layout="vertical"
      data={data}
      series={[
        { key: 'month', label: 'this month' },
        { key: 'total', label: 'in total' },
        { key: 'used', label: 'coupons used' },
      ]}
      empty="No redemptions yet."
    />
  );
}
