import { lazy, Suspense, type ComponentProps } from 'react';
import type { ChartCard as ChartCardType } from './Chart';
import { Loading } from './ui';

// The charts library is most of the bundle: screens other than Analytics load it on first use.
const ChartCard = lazy(() => import('./Chart').then((m) => ({ default: m.ChartCard })));

export function LazyChartCard(props: ComponentProps<typeof ChartCardType>) {
  return (
    <Suspense fallback={<Loading what="Loading chart" />}>
      <ChartCard {...props} />
    </Suspense>
  );
}
