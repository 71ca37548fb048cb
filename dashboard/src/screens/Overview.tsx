import { useApi } from '../session';
import { href } from '../router';
import { useLoad } from '../useLoad';
import { Loading } from '../components/ui';
import { FirstEvent } from './FirstEvent';
import { ProgrammeHome } from './ProgrammeHome';

const STEPS: Array<{ resource: string; path: string; title: string; why: string; optional?: boolean }> = [
  {
    resource: 'usergroup',
    path: 'usergroups',
    title: 'User groups',
    why: 'Segments with their own rewards and leaderboards.',
    optional: true,
  },
  { resource: 'event', path: 'events', title: 'Event definitions', why: 'What your app sends, and what each event is worth.' },
  { resource: 'apikey', path: 'apikeys', title: 'API keys', why: 'For your servers to send events and create groups.', optional: true },
  { resource: 'challenge', path: 'challenges', title: 'Challenges & series', why: 'Goals built from events.', optional: true },
  { resource: 'streak', path: 'streaks', title: 'Streaks', why: 'Reward coming back every day, week or month.', optional: true },
  { resource: 'shop', path: 'shops', title: 'Shops', why: 'Partners your offers belong to.', optional: true },
  { resource: 'offer', path: 'offers', title: 'Offers', why: 'What points can be spent on.', optional: true },
  { resource: 'survey', path: 'surveys', title: 'Surveys', why: 'Questions that award points.', optional: true },
];

/** The set-up checklist: how many of each resource the project has, in the order to create them. */
export function OverviewScreen() {
  const api = useApi();
  const counts = useLoad(`${api.projectId}/overview`, async () => {
    const entries = await Promise.all(
      STEPS.map(async (s) => {
        try {
          return [s.resource, (await api.get<unknown[]>(`/admin/${s.resource}`, [])).length] as const;
        } catch {
          return [s.resource, null] as const;
        }
      }),
    );
    return Object.fromEntries(entries) as Record<string, number | null>;
  });
  // Set up once the project has event definitions: then the programme's figures come first.
  const setUp = (counts.data?.event ?? 0) > 0;
  const checklist =
    counts.loading && !counts.data ? (
      <Loading what="Counting" />
    ) : (
      <ol className="checklist">
        {STEPS.map((s) => {
          const n = counts.data?.[s.resource];
          return (
            <li key={s.resource} className={n ? 'done' : ''}>
              <a href={href(s.path)}>
                <strong>{s.title}</strong>
                {s.optional && <small className="muted"> (optional)</small>}
              </a>
              <span className="count">{n === null || n === undefined ? 'not available' : n === 0 ? 'none yet' : `${n} configured`}</span>
              <small className="muted">{s.why}</small>
            </li>
          );
        })}
      </ol>
    );
  return (
    <section aria-labelledby="screen-title">
      <header className="screen-header">
        <h1 id="screen-title">{setUp ? `Project ${api.projectId}` : `Set up project ${api.projectId}`}</h1>
      </header>
      {setUp ? (
        <>
          <ProgrammeHome />
          <details className="panel">
            <summary>Set-up checklist</summary>
            {checklist}
          </details>
        </>
      ) : (
        <>
          <p className="intro">
            A programme in a few steps. Then send events from your app to POST /event, and watch Analytics and Leaderboards.
          </p>
          <FirstEvent />
          {checklist}
        </>
      )}
    </section>
  );
}
