import { useState } from 'react';
import { query } from '../api/client';
import {
  PERIODS,
  type EventDefinition,
  type EventStats,
  type GlobalStats,
  type Period,
  type Streak,
  type StreakAnalytics,
} from '../api/types';
import { ChartCard } from '../components/Chart';
import { Empty, ErrorBanner, Loading, Select, Stat, TextInput } from '../components/ui';
import { useApi } from '../session';
import { useLoad } from '../useLoad';
import { categoryRows, dailyRows, histogramRows, hourlyRows, topEventRows } from './analyticsData';
import { currentMonth } from './Leaderboards';

const PERIOD_LABELS: Record<Period, string> = {
  '1d': 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  current_month: 'This month',
  ytd: 'Year to date',
  all: 'All time',
};
type Range = Period | 'month';

/** GET /stats/event (global or one event) and GET /analytics/streak, as charts. */
export function AnalyticsScreen() {
  const api = useApi();
  const events = useLoad(`${api.projectId}/event`, () => api.get<EventDefinition[]>('/admin/event', []));
  const [range, setRange] = useState<Range>('7d');
  const [month, setMonth] = useState(currentMonth());
  const [eventId, setEventId] = useState('');
  const q = query(range === 'month' ? { timeframe: 'month', month, eventId } : { period: range, eventId });
  const stats = useLoad(`${api.projectId}/stats${q}`, () => api.get<GlobalStats | EventStats>(`/stats/event${q}`));

  return (
    <section aria-labelledby="screen-title">
      <header className="screen-header">
        <h1 id="screen-title">Analytics</h1>
      </header>
      <div className="panel filters">
        <Select<Range>
          label="Period"
          value={range}
          options={[
            ...PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] })),
            { value: 'month' as const, label: 'A calendar month…' },
          ]}
          onChange={setRange}
        />
        {range === 'month' && (
          <TextInput
            label="Month"
            type="month"
            value={month}
            error={stats.error?.field === 'month' ? stats.error.message : null}
            onChange={setMonth}
          />
        )}
        <Select
          label="Events"
          value={eventId}
          options={[
            { value: '', label: 'All events' },
            ...(events.data ?? []).map((e) => ({ value: e.eventId, label: `${e.eventId} — ${e.title}` })),
          ]}
          onChange={setEventId}
        />
      </div>
      {stats.loading && !stats.data ? (
        <Loading what="Loading statistics" />
      ) : stats.error ? (
        stats.error.field === 'month' ? null : (
          <ErrorBanner error={stats.error} />
        )
      ) : !stats.data ? (
        <Empty>No statistics.</Empty>
      ) : stats.data.eventId ? (
        <EventView stats={stats.data as EventStats} />
      ) : (
        <GlobalView stats={stats.data as GlobalStats} />
      )}
      <StreakAnalyticsView />
    </section>
  );
}

function Range({ stats }: { stats: { startDate: string; endDate: string } }) {
  return (
    <p className="muted">
      {String(stats.startDate).slice(0, 10)} → {String(stats.endDate).slice(0, 10)} (UTC)
    </p>
  );
}

function GlobalView({ stats }: { stats: GlobalStats }) {
  const d = stats.data;
  const daily = dailyRows(d.dailyData ?? {});
  return (
    <>
      <Range stats={stats} />
      <div className="stats" data-testid="totals">
        <Stat label="events" value={<span data-testid="total-events">{d.totalEvents}</span>} />
        <Stat label={`unique users${d._metadata?.uniqueUsersCalculationMethod === 'hyperloglog' ? ' (≈)' : ''}`} value={d.uniqueUsers} />
        <Stat label="points awarded" value={d.totalPoints} />
      </div>
      <div className="charts">
        <ChartCard
          title="Events per day"
          testId="chart-events-per-day"
          data={daily}
          series={[
            { key: 'events', label: 'Events' },
            { key: 'users', label: 'Users' },
          ]}
          empty="No events in this period yet."
        />
        <ChartCard
          title="Points awarded per day"
          testId="chart-points"
          kind="line"
          data={daily}
          series={[{ key: 'points', label: 'Points' }]}
        />
        <ChartCard
          title="Hour of day (UTC)"
          testId="chart-hourly"
          data={hourlyRows(d.dailyData ?? {})}
          series={[{ key: 'events', label: 'Events' }]}
        />
        <ChartCard
          title="Top events"
          testId="chart-top-events"
          layout="vertical"
          data={topEventRows(stats)}
          series={[{ key: 'events', label: 'Events' }]}
        />
        <ChartCard
          title="Points by event"
          testId="chart-points-by-event"
          layout="vertical"
          data={topEventRows(stats)}
          series={[{ key: 'points', label: 'Points' }]}
        />
      </div>
    </>
  );
}

function EventView({ stats }: { stats: EventStats }) {
  const d = stats.data;
  const daily = dailyRows(d.dailyData ?? {});
  const meta = Object.entries(d.metadataStats ?? {});
  return (
    <>
      <Range stats={stats} />
      <div className="stats" data-testid="totals">
        <Stat label="events" value={<span data-testid="total-events">{d.totalCount}</span>} />
        <Stat label="unique users" value={d.uniqueUsers} />
        <Stat label="points awarded" value={d.pointsAwarded} />
        <Stat label="condition met" value={d.conditionMet} />
        <Stat label="condition failed" value={d.conditionFailed} />
        <Stat label="over the limit" value={d.limitReached} />
      </div>
      <div className="charts">
        <ChartCard
          title="Events per day"
          testId="chart-events-per-day"
          data={daily}
          series={[
            { key: 'events', label: 'Events' },
            { key: 'users', label: 'Users' },
          ]}
        />
        <ChartCard
          title="Points awarded per day"
          testId="chart-points"
          kind="line"
          data={daily}
          series={[{ key: 'points', label: 'Points' }]}
        />
        <ChartCard
          title="Hour of day (UTC)"
          testId="chart-hourly"
          data={hourlyRows(d.dailyData ?? {})}
          series={[{ key: 'events', label: 'Events' }]}
        />
        {meta.map(([key, s]) =>
          s.kind === 'number' ? (
            <ChartCard
              key={key}
              title={`metadata.${key} (min ${s.min}, avg ${Math.round(s.avg * 100) / 100}, max ${s.max})`}
              data={histogramRows(s)}
              series={[{ key: 'count', label: 'Events' }]}
            />
          ) : (
            <ChartCard
              key={key}
              title={`metadata.${key}`}
              layout="vertical"
              data={categoryRows(s.counts)}
              series={[{ key: 'count', label: 'Events' }]}
            />
          ),
        )}
      </div>
      {meta.length === 0 && <p className="muted">No metadata recorded for this event in the period.</p>}
    </>
  );
}

function StreakAnalyticsView() {
  const api = useApi();
  const streaks = useLoad(`${api.projectId}/streak`, () => api.get<Streak[]>('/admin/streak', []));
  const [streakId, setStreakId] = useState('');
  const chosen = streakId || streaks.data?.[0]?.streakId || '';
  const res = useLoad(chosen ? `${api.projectId}/analytics/${chosen}` : null, () =>
    api.get<StreakAnalytics | null>(`/analytics/streak${query({ streakId: chosen })}`, null),
  );
  if (streaks.error || !streaks.data?.length) return null;
  const a = res.data;
  return (
    <div className="card">
      <h2>Streak analytics</h2>
      <Select
        label="Streak"
        value={chosen}
        options={streaks.data.map((s) => ({ value: s.streakId, label: s.streakId }))}
        onChange={setStreakId}
      />
      {res.loading && !a ? (
        <Loading what="Loading streak analytics" />
      ) : res.error ? (
        <ErrorBanner error={res.error} />
      ) : !a ? (
        <Empty>No analytics for this streak yet.</Empty>
      ) : (
        <>
          <div className="stats">
            <Stat label="participants" value={a.totalParticipants} />
            <Stat label="active" value={a.activeParticipants} />
            <Stat label="average length" value={Math.round(a.averageStreakLength * 10) / 10} />
            <Stat label="longest" value={a.longestUserStreak} />
            <Stat label="completed this period" value={`${Math.round(a.completionRate * 100)}%`} />
          </div>
          <ChartCard
            title="Participants"
            layout="vertical"
            data={[
              { label: 'all', count: a.totalParticipants },
              { label: 'active', count: a.activeParticipants },
              { label: 'completed now', count: Math.round(a.completionRate * a.totalParticipants) },
            ]}
            series={[{ key: 'count', label: 'Users' }]}
          />
        </>
      )}
    </div>
  );
}
