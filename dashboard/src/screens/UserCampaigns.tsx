import { useState } from 'react';
import { ApiError, enc, query } from '../api/client';
import type { HistoryEntry } from '../api/types';
import { currencyField, CurrencySelect } from '../components/CurrencySelect';
import { DataTable } from '../components/DataTable';
import { Empty, ErrorBanner, Loading } from '../components/ui';
import { formatDate, pickLanguage } from '../form';
import { href } from '../router';
import { useApi } from '../session';
import { useLoad } from '../useLoad';

/**
 * The campaigns of a CAMPAIGN history entry, from its id `CAMPAIGN#<campaignId>#<ms>` (several
 * campaigns of one event and currency share an entry: `CAMPAIGN#<id>+<id>#<ms>`); null for other entries.
 */
export function campaignOfEntry(entry: Pick<HistoryEntry, 'id' | 'type'>): string | null {
  const m = /^CAMPAIGN#(.+)#\d+$/.exec(entry.id);
  return m ? m[1]! : null;
}

/** What each campaign of the entry added: its `campaigns` list, else the ids of its id (points unknown). */
export function campaignsOfEntry(
  entry: Pick<HistoryEntry, 'id' | 'type'> & { campaigns?: Array<{ campaignId: string; points: number }> },
): Array<{ campaignId: string; points: number | null }> {
  if (entry.campaigns && entry.campaigns.length > 0) return entry.campaigns;
  const joined = campaignOfEntry(entry);
  return joined === null ? [] : joined.split('+').map((campaignId) => ({ campaignId, points: null }));
}

/**
 * The badges of a campaign entry in a history list: "campaign double-weekend" (with "+10" when several
 * share it), linking to the campaigns.
 */
export function CampaignBadge({
  entry,
}: {
  entry: Pick<HistoryEntry, 'id' | 'type'> & { campaigns?: Array<{ campaignId: string; points: number }> };
}) {
  const campaigns = campaignsOfEntry(entry);
  if (campaigns.length === 0) return null;
  return (
    <>
      {campaigns.map((c) => (
        <a key={c.campaignId} className="badge badge-campaign" href={href('campaigns')} title="A campaign's payment">
          campaign {c.campaignId}
          {campaigns.length > 1 && c.points !== null ? ` +${c.points.toLocaleString('en')}` : ''}
        </a>
      ))}
    </>
  );
}

interface UserUser {
  userId: string;
  attributes?: Record<string, string | number | boolean> | null;
}

/** The user's attributes (GET /user/{userId}): what the app knows about the user, read by segments. */
export function UserAttributes({ userId }: { userId: string }) {
  const api = useApi();
  const user = useLoad(`${api.projectId}/${userId}/attributes`, () => api.get<UserUser>(`/user/${enc(userId)}`));
  const entries = Object.entries(user.data?.attributes ?? {});
  return (
    <div className="card" data-testid="user-attributes">
      <h2>Attributes</h2>
      {user.loading && !user.data ? (
        <Loading what="Loading attributes" />
      ) : user.error ? (
        <ErrorBanner error={user.error} />
      ) : entries.length === 0 ? (
        <Empty>
          None. Your app sets them with PATCH /user/{'{userId}'} {'{ attributes }'}.
        </Empty>
      ) : (
        <dl className="attributes">
          {entries.map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{String(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

const PAGE = 100;

/**
 * The Activity tab's campaign effects: the user's CAMPAIGN history entries (what each campaign
 * added to its events), one currency at a time, newest first. The history has no type filter, so
 * pages of 100 entries are read and their campaign entries kept; "Look further back" reads the next.
 */
export function CampaignEffects({ userId }: { userId: string }) {
  const api = useApi();
  const [currency, setCurrency] = useState('points');
  const [extra, setExtra] = useState<{ key: string; rows: HistoryEntry[]; cursor: string | null } | null>(null);
  const [moreError, setMoreError] = useState<ApiError | null>(null);
  const path = (cursor?: string | null) =>
    `/user/${enc(userId)}/history${query({ showAll: true, limit: PAGE, cursor, currency: currencyField(currency) })}`;
  const key = `${api.projectId}/${userId}/campaign-effects/${currency}`;
  const first = useLoad(key, () => api.page<HistoryEntry[]>(path(), []));
  const more = extra?.key === key ? extra : null;
  const rows = [...(first.data?.items ?? []), ...(more?.rows ?? [])].filter((h) => campaignOfEntry(h) !== null);
  const cursor = more ? more.cursor : (first.data?.nextCursor ?? null);
  return (
    <div className="card" data-testid="campaign-effects">
      <div className="table-tools">
        <h2>Campaign effects</h2>
        <CurrencySelect label="Show currency" value={currency} onChange={setCurrency} />
      </div>
      {first.loading && !first.data ? (
        <Loading what="Loading campaign effects" />
      ) : first.error ? (
        <ErrorBanner error={first.error} />
      ) : (
        <>
          {rows.length === 0 ? (
            <Empty>No campaign has paid this user{cursor ? ' in its latest entries' : ''}.</Empty>
          ) : (
            <DataTable
              caption="Campaign effects"
              columns={[
                { label: 'When', render: (h) => formatDate(h.timestamp), csv: (h) => new Date(h.timestamp).toISOString() },
                {
                  label: 'Campaign',
                  render: (h) => <CampaignBadge entry={h} />,
                  csv: (h) =>
                    campaignsOfEntry(h)
                      .map((c) => (c.points === null ? c.campaignId : `${c.campaignId} +${c.points}`))
                      .join('; '),
                },
                { label: 'Title', render: (h) => pickLanguage(h.title) },
                { label: currency, render: (h) => `+${h.points.toLocaleString('en')}`, csv: (h) => h.points, num: true },
              ]}
              rows={rows}
              rowKey={(h) => h.id}
            />
          )}
          <ErrorBanner error={moreError} />
          {cursor && (
            <button
              type="button"
              className="secondary"
              onClick={async () => {
                setMoreError(null);
                try {
                  const page = await api.page<HistoryEntry[]>(path(cursor), []);
                  setExtra({ key, rows: [...(more?.rows ?? []), ...page.items], cursor: page.nextCursor });
                } catch (err) {
                  if (err instanceof ApiError) setMoreError(err);
                }
              }}
            >
              Look further back
            </button>
          )}
        </>
      )}
    </div>
  );
}
