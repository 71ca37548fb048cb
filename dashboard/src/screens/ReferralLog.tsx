import { useState } from 'react';
import { ApiError, enc, query } from '../api/client';
import { REFERRAL_STATUSES, type Referral, type ReferralPage, type ReferralStatus } from '../api/types';
import { useConfirm } from '../components/Confirm';
import type { Column } from '../components/DataTable';
import { PagedTable } from '../components/PagedTable';
import { ErrorBanner, Select } from '../components/ui';
import { formatDate } from '../form';
import { href } from '../router';
import { useApi } from '../session';

const userLink = (userId: string | null) =>
  userId ? <a href={href(`users/${enc(userId)}`)}>{userId}</a> : <span className="muted">deleted</span>;

const COLUMNS: Array<Column<Referral>> = [
  { label: 'Joined', render: (r) => formatDate(r.joinedAt), csv: (r) => new Date(r.joinedAt).toISOString() },
  { label: 'Referrer', render: (r) => userLink(r.referrerId), csv: (r) => r.referrerId ?? '' },
  { label: 'Referee', render: (r) => userLink(r.refereeId), csv: (r) => r.refereeId ?? '' },
  { label: 'Status', render: (r) => <span className={`badge badge-referral-${r.status}`}>{r.status}</span>, csv: (r) => r.status },
  {
    label: 'Qualified',
    render: (r) => formatDate(r.qualifiedAt),
    csv: (r) => (r.qualifiedAt ? new Date(r.qualifiedAt).toISOString() : ''),
  },
  { label: 'Referee reward', render: (r) => r.refereePoints, num: true },
  { label: 'Referrer reward', render: (r) => r.referrerPoints, num: true },
  { label: 'Referrer state', render: (r) => r.referrerState, csv: (r) => r.referrerState },
  { label: 'Currency', render: (r) => r.currency, csv: (r) => r.currency },
  { label: 'Id', render: (r) => <code>{r.id}</code>, csv: (r) => r.id },
];

export interface TopReferrer {
  referrerId: string;
  referrals: number;
  qualified: number;
  /** What the referrer rewards of these referrals paid (referrerState `paid`). */
  earned: number;
}

/** The referrers of the given referrals, most qualified first (then most referrals, then by id). */
export function topReferrers(rows: Referral[], limit = 10): TopReferrer[] {
  const by = new Map<string, TopReferrer>();
  for (const r of rows) {
    if (r.referrerId === null) continue;
    const t = by.get(r.referrerId) ?? { referrerId: r.referrerId, referrals: 0, qualified: 0, earned: 0 };
    t.referrals += 1;
    if (r.status === 'qualified') t.qualified += 1;
    if (r.referrerState === 'paid') t.earned += r.referrerPoints;
    by.set(r.referrerId, t);
  }
  return [...by.values()]
    .sort((a, b) => b.qualified - a.qualified || b.referrals - a.referrals || a.referrerId.localeCompare(b.referrerId))
    .slice(0, limit);
}

function TopReferrers({ rows }: { rows: Referral[] }) {
  const top = topReferrers(rows);
  return (
    <div className="card">
      <h2>Top referrers</h2>
      <p className="hint">
        Counted from the {rows.length} {rows.length === 1 ? 'referral' : 'referrals'} loaded above (the service keeps no totals across
        referrers): load more for a wider count. A user&apos;s page shows that user&apos;s own totals.
      </p>
      {top.length === 0 ? (
        <p className="muted">No referrer left (their users were deleted).</p>
      ) : (
        <ol className="top-referrers">
          {top.map((t) => (
            <li key={t.referrerId}>
              {userLink(t.referrerId)}: {`${t.referrals} ${t.referrals === 1 ? 'referral' : 'referrals'}, `}
              {`${t.qualified} qualified, ${t.earned} earned`}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** GET /admin/referral: newest first, by status, paged; Approve / Reject on the flagged ones; the top referrers of what is loaded. */
export function ReferralLog() {
  const api = useApi();
  const [status, setStatus] = useState<ReferralStatus | ''>('');
  const [tick, setTick] = useState(0);
  const [error, setError] = useState<ApiError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [dialog, confirm] = useConfirm();

  async function review(r: Referral, action: 'approve' | 'reject') {
    const ok = await confirm(
      action === 'approve'
        ? {
            title: `Approve referral ${r.id}?`,
            effect: (
              <p>
                {r.qualifiedAt
                  ? `Its qualifying event has happened: ${r.refereeId ?? 'the referee'} and ${r.referrerId ?? 'the referrer'} ` +
                    "are paid now (once; the referrer's cap applies)."
                  : 'Its qualifying event has not happened yet: it becomes pending and pays when it does.'}
              </p>
            ),
            confirmLabel: 'Approve',
          }
        : { title: `Reject referral ${r.id}?`, effect: <p>It never pays, whatever the referee does later.</p>, confirmLabel: 'Reject' },
    );
    if (!ok) return;
    setError(null);
    setDone(null);
    try {
      const updated = await api.post<Referral>(`/admin/referral/${enc(r.id)}/${action}`, {});
      setDone(`Referral ${r.id} ${action === 'approve' ? 'approved' : 'rejected'}: now ${updated.status}.`);
      setTick((t) => t + 1);
    } catch (err) {
      if (err instanceof ApiError) setError(err);
    }
  }

  return (
    <section aria-labelledby="referral-log-title">
      <h2 id="referral-log-title">Referral log</h2>
      <div className="panel filters" role="search" aria-label="Filter the referral log">
        <Select<ReferralStatus | ''>
          label="Status"
          value={status}
          options={[{ value: '', label: 'any' }, ...REFERRAL_STATUSES]}
          onChange={setStatus}
        />
      </div>
      <ErrorBanner error={error} />
      {done && (
        <p className="ok" role="status">
          {done}
        </p>
      )}
      <PagedTable
        loadKey={`${api.projectId}/referral${query({ status })}#${tick}`}
        caption="Referrals"
        csvName={`referrals${status ? `-${status}` : ''}.csv`}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        empty={status ? `No ${status} referrals.` : 'No referrals yet: a referee enters a code with POST /user/{userId}/referral.'}
        fetchPage={async (cursor) => {
          const page = await api.get<ReferralPage>(`/admin/referral${query({ status, cursor, limit: 50 })}`);
          return { rows: page.referrals, nextCursor: page.nextCursor };
        }}
        actions={(r) =>
          r.status === 'flagged' ? (
            <>
              <button type="button" className="secondary" aria-label={`Approve ${r.id}`} onClick={() => review(r, 'approve')}>
                Approve
              </button>
              <button type="button" className="secondary danger" aria-label={`Reject ${r.id}`} onClick={() => review(r, 'reject')}>
                Reject
              </button>
            </>
          ) : null
        }
        summary={(rows) => <TopReferrers rows={rows} />}
      />
      {dialog}
    </section>
  );
}
