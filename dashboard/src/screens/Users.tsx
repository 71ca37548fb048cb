import { useState } from 'react';
import { ApiError, enc, query } from '../api/client';
import type { HistoryEntry, UserChallenge, UserPoints, UserStreak } from '../api/types';
import { GrantFreeze } from './GrantFreeze';
import { UserTimeZone } from './UserTimeZone';
import { Empty, ErrorBanner, Loading, Stat, TextInput } from '../components/ui';
import { formatDate, numberField, pickLanguage, placeError, type FieldErrors } from '../form';
import { navigate } from '../router';
import { useApi } from '../session';
import { useLoad } from '../useLoad';
import { CouponsCard } from './UserCoupons';

const lang = pickLanguage;

/** Look a user up; balance, history, challenges, streaks, coupons; adjust points; issue a coupon. */
export function UsersScreen({ userId }: { userId: string | null }) {
  const [lookup, setLookup] = useState(userId ?? '');
  return (
    <section aria-labelledby="screen-title">
      <header className="screen-header">
        <h1 id="screen-title">Users</h1>
      </header>
      <form
        className="panel inline-form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          if (lookup.trim()) navigate(`users/${encodeURIComponent(lookup.trim())}`);
        }}
      >
        <TextInput label="User id" value={lookup} placeholder="the id your app uses" onChange={setLookup} />
        <button type="submit">Look up</button>
      </form>
      {userId ? <UserDetail key={userId} userId={userId} /> : <Empty>Enter the id of a user to see their points, history, challenges, streaks and coupons.</Empty>}
    </section>
  );
}

function UserDetail({ userId }: { userId: string }) {
  const api = useApi();
  const base = `/user/${enc(userId)}`;
  const points = useLoad(`${api.projectId}/${userId}/points`, () => api.get<UserPoints>(`${base}/points`));
  const [version, setVersion] = useState(0);
  const refresh = () => {
    points.reload();
    setVersion((v) => v + 1);
  };

  if (points.loading && !points.data) return <Loading what="Loading user" />;
  if (points.error) return <ErrorBanner error={points.error} />;
  if (!points.data) return null;
  if (!points.data.userExists) return <NewUser userId={userId} onCreated={refresh} />;
  return (
    <div className="user-detail">
      <div className="cards">
        <div className="card">
          <h2>{userId}</h2>
          <div className="stats">
            <Stat label="points" value={<span data-testid="balance">{points.data.points}</span>} />
          </div>
        </div>
        <AdjustPoints userId={userId} onDone={refresh} />
        <UserTimeZone userId={userId} />
      </div>
      <History key={`h${version}`} userId={userId} />
      <div className="cards">
        <Challenges key={`c${version}`} userId={userId} />
        <Streaks key={`s${version}`} userId={userId} />
        <GrantFreeze userId={userId} onDone={refresh} />
      </div>
      <CouponsCard key={`k${version}`} userId={userId} />
    </div>
  );
}

function NewUser({ userId, onCreated }: { userId: string; onCreated(): void }) {
  const api = useApi();
  const [error, setError] = useState<ApiError | null>(null);
  return (
    <div className="panel">
      <p>
        There is no user <code>{userId}</code> in this project yet. Users are created by your app (POST /user) before their first event.
      </p>
      <ErrorBanner error={error} />
      <button
        type="button"
        onClick={async () => {
          try {
            await api.post('/user', { userId });
            onCreated();
          } catch (err) {
            if (err instanceof ApiError) setError(err);
          }
        }}
      >
        Create user {userId}
      </button>
    </div>
  );
}

function AdjustPoints({ userId, onDone }: { userId: string; onDone(): void }) {
  const api = useApi();
  const [form, setForm] = useState({ points: '', reason: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<ApiError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <form
      className="card"
      aria-label="Adjust points"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setErrors({});
        setBanner(null);
        setDone(null);
        try {
          const r = await api.post<{ points: number; balance: number }>(`/admin/user/${enc(userId)}/points`, { points: numberField(form.points) ?? 0, reason: form.reason });
          setDone(`Applied ${r.points > 0 ? '+' : ''}${r.points}; balance ${r.balance}.`);
          setForm({ points: '', reason: '' });
          onDone();
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          const placed = placeError(err, ['points', 'reason']);
          setErrors(placed.fieldErrors);
          setBanner(placed.banner);
        }
      }}
    >
      <h2>Adjust points</h2>
      <div className="row">
        <TextInput label="Points (+/−)" type="number" value={form.points} error={errors.points} hint="A debit never takes the balance below 0." onChange={(points) => setForm({ ...form, points })} />
        <TextInput label="Reason" value={form.reason} error={errors.reason} placeholder="goodwill after support ticket" onChange={(reason) => setForm({ ...form, reason })} />
      </div>
      <ErrorBanner error={banner} />
      {done && (
        <p className="ok" role="status">
          {done}
        </p>
      )}
      <button type="submit">Apply adjustment</button>
    </form>
  );
}

function History({ userId }: { userId: string }) {
  const api = useApi();
  const [pages, setPages] = useState<HistoryEntry[][]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const first = useLoad(`${api.projectId}/${userId}/history`, async () => {
    const page = await api.page<HistoryEntry[]>(`/user/${enc(userId)}/history${query({ showAll: true, limit: 25 })}`, []);
    setPages([page.items]);
    setCursor(page.nextCursor);
    return page;
  });
  const [more, setMore] = useState<ApiError | null>(null);
  const entries = pages.flat();
  return (
    <div className="card">
      <h2>History</h2>
      {first.loading && !first.data ? (
        <Loading what="Loading history" />
      ) : first.error ? (
        <ErrorBanner error={first.error} />
      ) : entries.length === 0 ? (
        <Empty>No history yet.</Empty>
      ) : (
        <>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Type</th>
                  <th scope="col">Title</th>
                  <th scope="col" className="num">
                    Points
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((h) => (
                  <tr key={h.id}>
                    <td data-label="When">{formatDate(h.timestamp)}</td>
                    <td data-label="Type">
                      <span className="badge">{h.type}</span>
                    </td>
                    <td data-label="Title">{lang(h.title)}</td>
                    <td data-label="Points" className={`num ${h.points < 0 ? 'neg' : ''}`}>
                      {h.points > 0 ? '+' : ''}
                      {h.points}
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
                  const page = await api.page<HistoryEntry[]>(`/user/${enc(userId)}/history${query({ showAll: true, limit: 25, cursor })}`, []);
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

function Challenges({ userId }: { userId: string }) {
  const api = useApi();
  const res = useLoad(`${api.projectId}/${userId}/challenge`, () => api.get<{ challenges: UserChallenge[] }>(`/user/${enc(userId)}/challenge`, { challenges: [] }));
  return (
    <div className="card">
      <h2>Challenges</h2>
      {res.loading && !res.data ? (
        <Loading what="Loading challenges" />
      ) : res.error ? (
        <ErrorBanner error={res.error} />
      ) : !res.data?.challenges.length ? (
        <Empty>No open or completed challenges.</Empty>
      ) : (
        <ul className="progress-list">
          {res.data.challenges.map((c) => (
            <li key={c.challengeId}>
              <div className="progress-head">
                <strong>{lang(c.title) || c.challengeId}</strong>
                <span className={`badge badge-${c.status.toLowerCase()}`}>{c.status}</span>
              </div>
              <progress max={c.goal} value={Math.min(c.progress, c.goal)} aria-label={`${lang(c.title) || c.challengeId} progress`} />
              <small>
                {c.progress} / {c.goal} · {c.points} points{c.completedDate ? ` · completed ${c.completedDate.slice(0, 10)}` : ''}
              </small>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Streaks({ userId }: { userId: string }) {
  const api = useApi();
  const res = useLoad(`${api.projectId}/${userId}/streak`, () => api.get<{ streaks: UserStreak[] }>(`/user/${enc(userId)}/streak`, { streaks: [] }));
  return (
    <div className="card">
      <h2>Streaks</h2>
      {res.loading && !res.data ? (
        <Loading what="Loading streaks" />
      ) : res.error ? (
        <ErrorBanner error={res.error} />
      ) : !res.data?.streaks.length ? (
        <Empty>No streaks started.</Empty>
      ) : (
        <ul className="progress-list">
          {res.data.streaks.map((s) => (
            <li key={s.streakId}>
              <div className="progress-head">
                <strong>{lang(s.title) || s.streakId}</strong>
                <span className="badge">{s.timeFrame}</span>
              </div>
              <small>
                current {s.currentCount} · longest {s.longestStreak} · missed {s.missedCount}
                {s.milestonesClaimed.length ? ` · milestones ${s.milestonesClaimed.join(', ')}` : ''}
                {s.freezes && (s.freezes.available > 0 || s.freezes.used > 0) ? ` · freezes ${s.freezes.available} banked, ${s.freezes.used} used` : ''}
                {s.frozenDates?.length ? ` (frozen ${s.frozenDates.join(', ')})` : ''}
              </small>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

