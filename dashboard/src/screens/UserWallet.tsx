import { enc } from '../api/client';
import type { Currency, Wallet, WalletBalance } from '../api/types';
import { useCurrencies } from '../components/CurrencySelect';
import { ErrorBanner, Loading } from '../components/ui';
import { formatDate, pickLanguage } from '../form';
import { useApi } from '../session';
import { useLoad } from '../useLoad';

/** "Level 2 Silver" from the wallet's level number and the currency's level titles. */
export function levelText(b: WalletBalance, currency: Currency | undefined): string {
  if (b.level === 0) return b.nextLevel ? 'none yet' : '—';
  const title = pickLanguage(currency?.levels.find((l) => l.level === b.level)?.title);
  return `Level ${b.level}${title ? ` ${title}` : ''}`;
}

/** Progress from the current level's threshold to the next one's, by lifetime earnings (0 to 1). */
export function levelProgress(b: WalletBalance, currency: Currency | undefined): number | null {
  if (!b.nextLevel) return null;
  const from = currency?.levels.find((l) => l.level === b.level)?.threshold ?? 0;
  const span = b.nextLevel.threshold - from;
  return span <= 0 ? 1 : Math.min(1, Math.max(0, (b.lifetime - from) / span));
}

/**
 * Every currency of the user (GET /user/{userId}/wallet): balance, pending, next expiry, lifetime
 * earnings, level and the way to the next. Shown when the project has a currency besides points;
 * the points card above already says the rest (decision 294).
 */
export function UserWallet({ userId }: { userId: string }) {
  const api = useApi();
  const currencies = useCurrencies();
  const wallet = useLoad(`${api.projectId}/${userId}/wallet`, () => api.get<Wallet>(`/user/${enc(userId)}/wallet`));
  if (wallet.error) return <ErrorBanner error={wallet.error} />;
  if (!wallet.data) return wallet.loading ? <Loading what="Loading wallet" /> : null;
  if (wallet.data.balances.length <= 1) return null;
  return (
    <div className="card">
      <h2>Wallet</h2>
      <div className="table-wrap">
        <table>
          <caption className="sr-only">Balances of {userId} in every currency</caption>
          <thead>
            <tr>
              <th scope="col">Currency</th>
              <th scope="col" className="num">
                Balance
              </th>
              <th scope="col" className="num">
                Pending
              </th>
              <th scope="col">Next expiry</th>
              <th scope="col" className="num">
                Lifetime
              </th>
              <th scope="col">Level</th>
            </tr>
          </thead>
          <tbody>
            {wallet.data.balances.map((b) => (
              <WalletRow key={b.currency} balance={b} currency={currencies?.find((c) => c.currencyId === b.currency)} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function WalletRow({ balance: b, currency }: { balance: WalletBalance; currency: Currency | undefined }) {
  const next = b.expiring[0];
  const progress = levelProgress(b, currency);
  return (
    <tr data-testid={`wallet-${b.currency}`}>
      <th scope="row" data-label="Currency">
        {b.currency}
        {currency && pickLanguage(currency.title) && pickLanguage(currency.title) !== b.currency ? (
          <small className="hint"> {pickLanguage(currency.title)}</small>
        ) : null}
      </th>
      <td data-label="Balance" className="num">
        {b.balance.toLocaleString('en')}
      </td>
      <td data-label="Pending" className="num">
        {b.pending.toLocaleString('en')}
      </td>
      <td data-label="Next expiry">{next ? `${next.points.toLocaleString('en')} on ${formatDate(next.expiresAt)}` : '—'}</td>
      <td data-label="Lifetime" className="num">
        {b.lifetime.toLocaleString('en')}
      </td>
      <td data-label="Level">
        {levelText(b, currency)}
        {b.nextLevel && progress !== null && (
          <>
            <progress max={1} value={progress} aria-label={`${b.currency} progress to level ${b.nextLevel.level}`} />
            <small>
              {b.lifetime.toLocaleString('en')} / {b.nextLevel.threshold.toLocaleString('en')} to level {b.nextLevel.level}
            </small>
          </>
        )}
      </td>
    </tr>
  );
}
