import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { ApiClient, type Session } from './api/client';
import type { Project } from './api/types';
import { href, navigate, usePath } from './router';
import { ApiKeysScreen } from './screens/ApiKeys';
import { ChallengesScreen } from './screens/Challenges';
import { AuditScreen } from './screens/Audit';
import { EventLogScreen } from './screens/EventLog';
import { EventsScreen } from './screens/Events';
import { LeaderboardsScreen } from './screens/Leaderboards';
import { OffersScreen } from './screens/Offers';
import { OverviewScreen } from './screens/Overview';
import { ProjectsScreen } from './screens/Projects';
import { ReferralsScreen } from './screens/Referrals';
import { SeasonsScreen } from './screens/Seasons';
import { ShopsScreen } from './screens/Shops';
import { TiersScreen } from './screens/Tiers';
import { CurrenciesScreen } from './screens/Currencies';
import { SignIn } from './screens/SignIn';
import { StreaksScreen } from './screens/Streaks';
import { AchievementsScreen } from './screens/Achievements';
import { CampaignsScreen } from './screens/Campaigns';
import { SegmentsScreen } from './screens/Segments';
import { SurveysScreen } from './screens/Surveys';
import { UserGroupsScreen } from './screens/UserGroups';
import { UsersScreen } from './screens/Users';
import { WebhooksScreen } from './screens/Webhooks';
import { loadSession, onSessionChangedElsewhere, saveSession, SessionContext } from './session';
import { useLoad } from './useLoad';
import { Loading } from './components/ui';

// The charts library is most of the bundle: load it with the Analytics screen only.
const AnalyticsScreen = lazy(() => import('./screens/Analytics').then((m) => ({ default: m.AnalyticsScreen })));

const NAV: Array<{ path: string; label: string; group: string }> = [
  { path: '', label: 'Overview', group: 'Programme' },
  { path: 'events', label: 'Events', group: 'Programme' },
  { path: 'challenges', label: 'Challenges', group: 'Programme' },
  { path: 'streaks', label: 'Streaks', group: 'Programme' },
  { path: 'achievements', label: 'Achievements', group: 'Programme' },
  { path: 'surveys', label: 'Surveys', group: 'Programme' },
  { path: 'shops', label: 'Shops', group: 'Programme' },
  { path: 'offers', label: 'Offers', group: 'Programme' },
  { path: 'usergroups', label: 'User groups', group: 'Programme' },
  { path: 'currencies', label: 'Currencies', group: 'Programme' },
  { path: 'tiers', label: 'Tiers', group: 'Programme' },
  { path: 'seasons', label: 'Seasons', group: 'Programme' },
  { path: 'referrals', label: 'Referrals', group: 'Programme' },
  { path: 'campaigns', label: 'Campaigns', group: 'Programme' },
  { path: 'segments', label: 'Segments', group: 'Programme' },
  { path: 'users', label: 'Users', group: 'Insight' },
  { path: 'event-log', label: 'Event log', group: 'Insight' },
  { path: 'leaderboards', label: 'Leaderboards', group: 'Insight' },
  { path: 'analytics', label: 'Analytics', group: 'Insight' },
  { path: 'apikeys', label: 'API keys', group: 'Settings' },
  { path: 'webhooks', label: 'Webhooks', group: 'Settings' },
  { path: 'projects', label: 'Projects', group: 'Settings' },
  { path: 'audit', label: 'Audit log', group: 'Settings' },
];

export function App({ fetchImpl }: { fetchImpl?: typeof fetch }) {
  const [session, setSession] = useState<Session | null>(() => loadSession());
  const update = (next: Session | null) => {
    saveSession(next);
    setSession(next);
  };
  // Signed out in another tab: out here too. (A project switched there stays this tab's own choice.)
  useEffect(() => onSessionChangedElsewhere((next) => setSession((current) => (next === null ? null : (current ?? next)))), []);
  if (!session) return <SignIn fetchImpl={fetchImpl} onSignedIn={update} />;
  return <SignedIn key={session.projectId} session={session} fetchImpl={fetchImpl} onSession={update} />;
}

function SignedIn({ session, fetchImpl, onSession }: { session: Session; fetchImpl?: typeof fetch; onSession(s: Session | null): void }) {
  const api = useMemo(() => new ApiClient(session, fetchImpl), [session, fetchImpl]);
  const context = useMemo(
    () => ({
      session,
      api,
      setProject: (projectId: string) => {
        // A user page belongs to its project: the same id in another project is another user (or none).
        if (currentPathIsUserPage()) navigate('users');
        onSession({ ...session, projectId });
      },
      signOut: () => onSession(null),
    }),
    [session, api, onSession],
  );
  const path = usePath();
  const [menuOpen, setMenuOpen] = useState(false);
  const [projectsVersion, setProjectsVersion] = useState(0);
  const projects = useLoad(`projects${projectsVersion}`, () => api.get<Project[]>('/admin/project', []));
  const [section, ...rest] = path.split('/');

  useEffect(() => setMenuOpen(false), [path]);
  useEffect(() => {
    // Links inside the app navigate without a page load.
    const onClick = (e: MouseEvent) => {
      const a = (e.target as HTMLElement).closest?.('a');
      if (!a || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || a.target) return;
      const url = new URL(a.href, window.location.href);
      if (url.origin !== window.location.origin || !url.pathname.startsWith(href(''))) return;
      // A link to a place on this page (Skip to content: #main) is not a screen: move the focus there.
      if (a.getAttribute('href')?.startsWith('#')) {
        e.preventDefault();
        document.getElementById(a.getAttribute('href')!.slice(1))?.focus();
        return;
      }
      e.preventDefault();
      navigate(url.pathname.slice(href('').length));
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  useEffect(() => {
    document.title = `${NAV.find((n) => n.path === (section ?? ''))?.label ?? 'Laurel'} · ${session.projectId} · Laurel`;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [section, session.projectId]);

  const groups = [...new Set(NAV.map((n) => n.group))];
  return (
    <SessionContext.Provider value={context}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <button
          type="button"
          className="icon menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span aria-hidden="true">☰</span>
          <span className="sr-only">Menu</span>
        </button>
        <a className="brand" href={href('')}>
          <span className="logo" aria-hidden="true">
            ❦
          </span>{' '}
          Laurel
        </a>
        <label className="project-switcher">
          <span>Project</span>
          <select value={session.projectId} onChange={(e) => context.setProject(e.target.value)} aria-label="Project">
            {(projects.data ?? [{ projectId: session.projectId, name: session.projectId, createdAt: 0 }]).map((p) => (
              <option key={p.projectId} value={p.projectId}>
                {p.projectId === p.name ? p.projectId : `${p.projectId} — ${p.name}`}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="secondary signout" onClick={context.signOut}>
          Sign out
        </button>
      </header>
      <div className="layout">
        <nav id="nav" className={`sidebar${menuOpen ? ' open' : ''}`} aria-label="Screens">
          {groups.map((g) => (
            <div key={g}>
              <h2 className="nav-group">{g}</h2>
              <ul>
                {NAV.filter((n) => n.group === g).map((n) => (
                  <li key={n.path}>
                    <a href={href(n.path)} aria-current={(section ?? '') === n.path ? 'page' : undefined}>
                      {n.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <main id="main" tabIndex={-1}>
          <Screen section={section ?? ''} rest={rest} onProjectsChanged={() => setProjectsVersion((v) => v + 1)} />
        </main>
      </div>
    </SessionContext.Provider>
  );
}

function Screen({ section, rest, onProjectsChanged }: { section: string; rest: string[]; onProjectsChanged(): void }) {
  switch (section) {
    case '':
      return <OverviewScreen />;
    case 'events':
      return <EventsScreen />;
    case 'challenges':
      return <ChallengesScreen />;
    case 'streaks':
      return <StreaksScreen />;
    case 'achievements':
      return <AchievementsScreen />;
    case 'surveys':
      return <SurveysScreen />;
    case 'shops':
      return <ShopsScreen />;
    case 'currencies':
      return <CurrenciesScreen />;
    case 'tiers':
      return <TiersScreen />;
    case 'seasons':
      return <SeasonsScreen />;
    case 'referrals':
      return <ReferralsScreen />;
    case 'campaigns':
      return <CampaignsScreen />;
    case 'segments':
      return <SegmentsScreen segmentId={rest[0] ? decodeURIComponent(rest[0]) : null} />;
    case 'offers':
      return <OffersScreen />;
    case 'usergroups':
      return <UserGroupsScreen />;
    case 'users':
      return <UsersScreen userId={rest[0] ? decodeURIComponent(rest[0]) : null} />;
    case 'event-log':
      return <EventLogScreen />;
    case 'audit':
      return <AuditScreen />;
    case 'leaderboards':
      return <LeaderboardsScreen />;
    case 'analytics':
      return (
        <Suspense fallback={<Loading what="Loading charts" />}>
          <AnalyticsScreen />
        </Suspense>
      );
    case 'apikeys':
      return <ApiKeysScreen />;
    case 'webhooks':
      return <WebhooksScreen webhookId={rest[0] ? decodeURIComponent(rest[0]) : null} />;
    case 'projects':
      return <ProjectsScreen onChanged={onProjectsChanged} />;
    default:
      return (
        <section>
          <h1>Not found</h1>
          <p>
            There is no screen “{section}”. <a href={href('')}>Back to the overview</a>.
          </p>
        </section>
      );
  }
}

function currentPathIsUserPage(): boolean {
  return /\/users\/[^/]+/.test(window.location.pathname);
}
