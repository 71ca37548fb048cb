import { useState } from 'react';
import { ApiError, enc, query } from '../api/client';
import type { HistoryEntry } from '../api/types';
import { currencyField, CurrencySelect } from '../components/CurrencySelect';
import type { Column } from '../components/DataTable';
import { allPages, ExportCsv } from '../components/ExportCsv';
import { Empty, ErrorBanner, Loading } from '../components/ui';
import { formatDate, pickLanguage } from '../form';
import { useApi } from '../session';
import { useLoad } from '../useLoad';
import { CampaignBadge } from './UserCampaigns';
import { ReverseButton } from './UserEconomy';

const lang = pickLanguage;

/** The columns of the history's CSV export (every page). */
const HISTORY_CSV: Array<Column<HistoryEntry>> = [
  { label: 'When', render: (h) => new Date(h.timestamp).toISOString() },
  { label: 'Type', render: (h) => h.type },
  { label: 'Title', render: (h) => lang(h.title) },
  { label: 'Details', render: (h) => lang(h.description) },
  { label: 'Points', render: (h) => h.points },
  { label: 'Id', render: (h) => h.id },
];

/** A user's history, one currency at a time (default points), paged, with Reverse on earning entries. */
export function History({ userId, onChanged }: { userId: string; onChanged(): void }) {
  const api = useApi();
  const [currency, setCurrency] = useState('points');
  const path = (limit: number, cursor?: string | null) =>
    `/user/${enc(userId)}/history${query({ showAll: true, limit, cursor, currency: currencyField(currency) })}`;
  const [pages, setPages] = useState<HistoryEntry[][]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const first = useLoad(`${api.projectId}/${userId}/history/${currency}`, async () => {
    const page = await api.page<HistoryEntry[]>(path(25), []);
    setPages([page.items]);
    setCursor(page.nextCursor);
    return page;
  });
  const [more, setMore] = useState<ApiError | null>(null);
  const entries = pages.flat();
  const allHistory = () =>
    allPages(async (c) => {
      const page = await api.page<HistoryEntry[]>(path(100, c), []);
      return { rows: page.items, nextCursor: page.nextCursor };
    });
  return (
    <div className="card">
      <div className="table-tools">
        <h2>History</h2>
        <CurrencySelect
          label="Show currency"
          value={currency}
          onChange={(next) => {
            setPages([]); // not the other currency's entries while this one loads
            setCursor(null);
            setCurrency(next);
          }}
        />
        {entries.length > 0 && (
          <ExportCsv
            fileName={`history-${userId}${currency === 'points' ? '' : `-${currency}`}.csv`}
            columns={HISTORY_CSV}
            fetchAll={allHistory}
          />
        )}
      </div>
      {first.loading && pages.length === 0 ? (
        <Loading what="Loading history" />
      ) : first.error ? (
        <ErrorBanner error={first.error} />
      ) : entries.length === 0 ? (
        <Empty>{currency === 'points' ? 'No history yet.' : `No ${currency} history yet.`}</Empty>
      ) : (
        <>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Type</th>
                  <th scope="col">Title</th>
                  <th scope="col">Details</th>
                  <th scope="col" className="num">
                    Points
                  </th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((h) => (
                  <tr key={h.id}>
                    <td data-label="When">{formatDate(h.timestamp)}</td>
                    <td data-label="Type">
                      <span className="badge">{h.type}</span>
                      {h.status && <span className="badge">{h.status.toLowerCase()}</span>}
                      <CampaignBadge entry={h} />
                    </td>
                    <td data-label="Title">{lang(h.title)}</td>
                    <td data-label="Details">{lang(h.description)}</td>
                    <td data-label="Points" className={`num ${h.points < 0 ? 'neg' : ''}`}>
                      {h.points > 0 ? '+' : ''}
                      {h.points}
                    </td>
                    <td className="actions">
                      <ReverseButton userId={userId} entry={h} onDone={onChanged} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ErrorBanner error={more} />
          {cursor && (
            <button
              type="button"
              className="secondary"
              onClick={async () => {
                try {
                  const page = await api.page<HistoryEntry[]>(path(25, cursor), []);
                  setPages((p) => [...p, page.items]);
                  setCursor(page.nextCursor);
                } catch (err) {
                  if (err instanceof ApiError) setMore(err);
                }
              }}
            >
              Load more
            </button>
          )}
        </>
      )}
    </div>
  );
}
