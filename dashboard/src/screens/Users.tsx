import { useState } from 'react';
import { ApiError, enc } from '../api/client';
import type { UserChallenge, UserPoints, UserStreak } from '../api/types';
import { Empty, ErrorBanner, Loading, Stat } from '../components/ui';
import { pickLanguage } from '../form';
import { href } from '../router';
import { useConfirm } from '../components/Confirm';
import { UserActivity } from './EventLog';
import { UsersList } from './UsersList';
import { GrantFreeze } from './GrantFreeze';
import { UserTimeZone } from './UserTimeZone';
import { useApi } from '../session';
import { useLoad } from '../useLoad';
import { useUserStream } from '../useUserStream';
import { AdjustPoints } from './AdjustPoints';
import { CouponsCard } from './UserCoupons';
import { UserAchievementsCard } from './UserAchievements';
import { UserReferralCard } from './UserReferral';
import { PointsOutlook } from './UserEconomy';
import { History } from './UserHistory';
import { UserWallet } from './UserWallet';
import { CampaignEffects, UserAttributes } from './UserCampaigns';

const lang = pickLanguage;

/** The users list (search, sort, paging); a user's page: balance, history, activity, challenges, streaks, coupons. */
export function UsersScreen({ userId }: { userId: string | null }) {
  return (
    <section aria-labelledby="screen-title">
      <header className="screen-header">
        <h1 id="screen-title">{userId ? `User ${userId}` : 'Users'}</h1>
        {userId && <a href={href('users')}>← All users</a>}
      </header>
      {userId ? <UserPage key={userId} userId={userId} /> : <UsersList />}
    </section>
  );
}

/** Profile (balance, history, challenges…) and Activity (the user's event log) as tabs. */
function UserPage({ userId }: { userId: string }) {
  const [tab, setTab] = useState<'profile' | 'activity'>('profile');
  const tabs = [
    { id: 'profile', label: 'Profile' },
    { id: 'activity', label: 'Activity' },
  ] as const;
  return (
    <>
      <div className="tabs" role="tablist" aria-label={`User ${userId}`}>
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`user-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`user-panel-${t.id}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`user-panel-${tab}`} aria-labelledby={`user-tab-${tab}`}>
        {tab === 'profile' ? (
          <UserDetail userId={userId} />
        ) : (
          <>
            <CampaignEffects userId={userId} />
            <UserActivity userId={userId} />
          </>
        )}
      </div>
    </>
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
  // The balance and the lists follow what happens to the user (its live stream), without polling.
  useUserStream(userId, refresh);

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
            <PointsOutlook points={points.data} />
          </div>
        </div>
        <AdjustPoints userId={userId} balance={points.data.points} onDone={refresh} />
        <UserTimeZone userId={userId} />
        <UserAttributes key={`t${version}`} userId={userId} />
      </div>
      <UserWallet key={`w${version}`} userId={userId} />
      <History key={`h${version}`} userId={userId} onChanged={refresh} />
      <div className="cards">
        <Challenges key={`c${version}`} userId={userId} />
        <Streaks key={`s${version}`} userId={userId} />
        <UserAchievementsCard key={`a${version}`} userId={userId} />
        <GrantFreeze userId={userId} onDone={refresh} />
        <UserReferralCard key={`r${version}`} userId={userId} />
      </div>
      <CouponsCard key={`k${version}`} userId={userId} />
    </div>
  );
}

function NewUser({ userId, onCreated }: { userId: string; onCreated(): void }) {
  const api = useApi();
  const [error, setError] = useState<ApiError | null>(null);
  const [dialog, confirm] = useConfirm();
  return (
    <div className="panel">
      <p>
        There is no user <code>{userId}</code> in this project. Users are created by your app (POST /user) before their first event; check
        the id, or <a href={href('users')}>search the users</a>.
      </p>
      <ErrorBanner error={error} />
      <button
        type="button"
        className="secondary"
        onClick={async () => {
          const ok = await confirm({
            title: `Create user ${userId}?`,
            effect: (
              <p>
                A user {userId} with 0 points is added to project {api.projectId}. Your app normally does this; create one here only to
                correct a missing user.
              </p>
            ),
            confirmLabel: `Create ${userId}`,
          });
          if (!ok) return;
          try {
            await api.post('/user', { userId });
            onCreated();
          } catch (err) {
            if (err instanceof ApiError) setError(err);
          }
        }}
      >
        Create user {userId}…
      </button>
      {dialog}
    </div>
  );
}

function Challenges({ userId }: { userId: string }) {
  const api = useApi();
  const res = useLoad(`${api.projectId}/${userId}/challenge`, () =>
    api.get<{ challenges: UserChallenge[] }>(`/user/${enc(userId)}/challenge`, { challenges: [] }),
  );
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
  const res = useLoad(`${api.projectId}/${userId}/streak`, () =>
    api.get<{ streaks: UserStreak[] }>(`/user/${enc(userId)}/streak`, { streaks: [] }),
  );
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
                {s.freezes && (s.freezes.available > 0 || s.freezes.used > 0)
                  ? ` · freezes ${s.freezes.available} banked, ${s.freezes.used} used`
                  : ''}
                {s.frozenDates?.length ? ` (frozen ${s.frozenDates.join(', ')})` : ''}
              </small>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
