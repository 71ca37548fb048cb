import { query } from '../api/client';
import type { Challenge, GlobalStats, ListedUser, Offer } from '../api/types';
import { ErrorBanner, Loading, Stat } from '../components/ui';
import { href } from '../router';
import { useApi } from '../session';
import { useLoad } from '../useLoad';

/** Balances summed over at most this many users (pages of 1,000): beyond, the figure says "at least". */
const OUTSTANDING_SCAN = 5000;

/** Sum of days [from, to) of the daily numbers, days counted back from the last one (0 = today). */
function sumDays(stats: GlobalStats, key: 'events' | 'users' | 'points', from: number, to: number): number {
  const days = Object.keys(stats.data.dailyData).sort().reverse();
  return days.slice(from, to).reduce((sum, d) => sum + (stats.data.dailyData[d]?.[key] ?? 0), 0);
}

/**
 * A figure against the one of the period before, in words: "up 50 % from 2.0 the week before",
 * "down 10 % from 10 the week before", "the same as the week before", "none the week before".
 */
export function trend(now: number, before: number, previous: string, show: (n: number) => string = String): string {
  if (before === 0) return now === 0 ? `the same as ${previous}` : `none ${previous}`;
  const pct = Math.round(((now - before) / before) * 100);
  if (pct === 0) return `the same as ${previous}`;
  return `${pct > 0 ? 'up' : 'down'} ${Math.abs(pct)} % from ${show(before)} ${previous}`;
}

const fmt = (n: number) => n.toLocaleString('en');
const one = (n: number) => n.toFixed(1);

/**
 * The home page of a programme that is set up: who is active, points issued against points
 * redeemed and still outstanding, challenge completions, redemptions. Figures come from GET /stats/event,
 * GET /admin/offer, GET /admin/challenge and GET /admin/user.
 */
export function ProgrammeHome() {
  const api = useApi();
  const data = useLoad(`${api.projectId}/home`, async () => {
    const [d7, d30, d90, offers, challenges] = await Promise.all([
      api.get<GlobalStats>(`/stats/event${query({ period: '7d' })}`),
      api.get<GlobalStats>(`/stats/event${query({ period: '30d' })}`),
      api.get<GlobalStats>(`/stats/event${query({ period: '90d' })}`),
      api.get<Offer[]>('/admin/offer', []).catch(() => [] as Offer[]),
      api.get<Challenge[]>('/admin/challenge', []).catch(() => [] as Challenge[]),
    ]);
    let outstanding = 0;
    let scanned = 0;
    let cursor: string | null = null;
    do {
      const page: { users: ListedUser[]; nextCursor: string | null } = await api.get(
        `/admin/user${query({ sort: 'points', limit: 1000, cursor })}`,
      );
      outstanding += page.users.reduce((s, u) => s + u.points, 0);
      scanned += page.users.length;
      cursor = page.nextCursor;
    } while (cursor && scanned < OUTSTANDING_SCAN);
    return { d7, d30, d90, offers, challenges, outstanding, complete: cursor === null };
  });
  if (data.loading && !data.data) return <Loading what="Loading the programme's figures" />;
  if (data.error) return <ErrorBanner error={data.error} />;
  const { d7, d30, d90, offers, challenges, outstanding, complete } = data.data!;
  const completions = challenges.reduce((s, c) => s + (c.completions?.total ?? 0), 0);
  const completions30 = challenges.reduce((s, c) => s + (c.completions?.last30Days ?? 0), 0);
  const dau = (from: number, to: number) => sumDays(d90, 'users', from, to) / (to - from);
  const redemptions = offers.reduce((s, o) => s + (o.totalStatistics?.redeemed ?? 0), 0);
  const redemptionsMonth = offers.reduce((s, o) => s + (o.statistics?.redeemed ?? 0), 0);
  const redeemedPoints = offers.reduce((s, o) => s + (o.totalStatistics?.redeemed ?? 0) * o.points, 0);
  const week = sumDays(d90, 'points', 0, 7);
  const activeSentence =
    `On an average day, ${one(dau(0, 7))} users were active this past week (${trend(dau(0, 7), dau(7, 14), 'the week before', one)}) ` +
    `and ${one(dau(0, 30))} this past month (${trend(dau(0, 30), dau(30, 60), 'the month before', one)}).`;
  const pointsSentence =
    `Events gave ${fmt(week)} points this past week (${trend(week, sumDays(d90, 'points', 7, 14), 'the week before', fmt)}). ` +
    `Events in the last 30 days: ${fmt(d30.data.totalEvents)}.`;
  return (
    <div className="home" data-testid="programme-home">
      <div className="cards">
        <div className="card">
          <h2>Active users</h2>
          <div className="stats">
            <Stat label="last 7 days" value={<span data-testid="active-7d">{fmt(d7.data.uniqueUsers)}</span>} />
            <Stat label="last 30 days" value={<span data-testid="active-30d">{fmt(d30.data.uniqueUsers)}</span>} />
          </div>
          <p className="muted">{activeSentence}</p>
        </div>
        <div className="card">
          <h2>Points</h2>
          <div className="stats">
            <Stat label="issued by events, 30 days" value={<span data-testid="issued-30d">{fmt(d30.data.totalPoints)}</span>} />
            <Stat label="spent on offers (at today's prices)" value={fmt(redeemedPoints)} />
            <Stat
              label={complete ? 'outstanding (all balances)' : `outstanding, at least (first ${fmt(OUTSTANDING_SCAN)} users)`}
              value={<span data-testid="outstanding">{fmt(outstanding)}</span>}
            />
          </div>
          <p className="muted">{pointsSentence}</p>
        </div>
        <div className="card">
          <h2>Challenge completions</h2>
          <div className="stats">
            <Stat label="last 30 days" value={<span data-testid="completions-30d">{fmt(completions30)}</span>} />
            <Stat label="in total" value={fmt(completions)} />
          </div>
          <p className="muted">
            Per challenge on <a href={href('challenges')}>Challenges</a>.
          </p>
        </div>
        <div className="card">
          <h2>Redemptions</h2>
          <div className="stats">
            <Stat label="this month" value={fmt(redemptionsMonth)} />
            <Stat label="in total" value={<span data-testid="redemptions">{fmt(redemptions)}</span>} />
          </div>
          <p className="muted">
            Per offer on <a href={href('offers')}>Offers</a>; per event on <a href={href('analytics')}>Analytics</a>; why an event gave
            nothing in the <a href={href('event-log')}>Event log</a>.
          </p>
        </div>
      </div>
    </div>
  );
}
