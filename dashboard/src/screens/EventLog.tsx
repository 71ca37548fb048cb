import { useState } from 'react';
import { query } from '../api/client';
import { OUTCOMES, type EventLogEntry, type Outcome } from '../api/types';
import type { Column } from '../components/DataTable';
import { PagedTable } from '../components/PagedTable';
import { Checkbox, Select, TextInput } from '../components/ui';
import { formatDate, localInputToMs } from '../form';
import { href } from '../router';
import { useApi } from '../session';
import { useEventLogStream, useUserStream } from '../useUserStream';
import { EventIdList } from './eventOptions';

const COLUMNS: Array<Column<EventLogEntry>> = [
  { label: 'When', render: (e) => formatDate(e.at), csv: (e) => new Date(e.at).toISOString() },
  {
    label: 'User',
    render: (e) => (e.userId ? <a href={href(`users/${encodeURIComponent(e.userId)}`)}>{e.userId}</a> : '—'),
    csv: (e) => e.userId,
  },
  { label: 'Event', render: (e) => e.eventId ?? '—', csv: (e) => e.eventId },
  {
    label: 'Outcome',
    render: (e) => <span className={`badge badge-outcome-${e.outcome.toLowerCase()}`}>{e.outcome}</span>,
    csv: (e) => e.outcome,
  },
  { label: 'Reason', render: (e) => (e.code ? `${e.reason} (${e.status} ${e.code})` : e.reason), csv: (e) => e.reason },
  // The screen shows the status and code inside Reason; the export has them as columns of their own.
  { label: 'Status', render: (e) => e.status, csv: (e) => e.status, csvOnly: true },
  { label: 'Code', render: (e) => e.code ?? '', csv: (e) => e.code ?? '', csvOnly: true },
  { label: 'Points', render: (e) => e.points, num: true },
  {
    label: 'Metadata',
    render: (e) => (e.metadata ? <code className="code">{JSON.stringify(e.metadata)}</code> : ''),
    csv: (e) => (e.metadata ? JSON.stringify(e.metadata) : ''),
  },
];
const USER_COLUMNS = COLUMNS.filter((c) => c.label !== 'User');

interface Filter {
  userId: string;
  eventId: string;
  outcome: Outcome | '';
  from: string;
  to: string;
}

/** The event log of a project or of one user: what came of each event call, and why. */
export function EventLogTable({
  filter,
  live,
  caption,
  forUser = false,
}: {
  filter: Filter;
  live: boolean;
  caption: string;
  forUser?: boolean;
}) {
  const api = useApi();
  const [tick, setTick] = useState(0);
  const userId = filter.userId.trim();
  const reload = () => setTick((t) => t + 1);
  // Live follows a stream instead of polling (docs/live.md): one user's, or the whole project's event log.
  useUserStream(live && userId !== '' ? userId : null, reload);
  useEventLogStream(live && userId === '', reload);
  const params = {
    userId: filter.userId.trim(),
    eventId: filter.eventId.trim(),
    outcome: filter.outcome,
    from: localInputToMs(filter.from),
    to: localInputToMs(filter.to),
  };
  const key = `${api.projectId}/event-log${query(params)}#${tick}`;
  return (
    <PagedTable
      loadKey={key}
      caption={caption}
      csvName={`event-log${filter.userId ? `-${filter.userId}` : ''}.csv`}
      columns={forUser ? USER_COLUMNS : COLUMNS}
      rowKey={(e, i) => `${e.at}-${i}`}
      empty="No events match. Entries are kept for EVENT_LOG_DAYS (7 days unless configured)."
      fetchPage={async (cursor) => {
        const page = await api.get<{ entries: EventLogEntry[]; nextCursor: string | null }>(
          `/admin/event-log${query({ ...params, cursor, limit: 50 })}`,
        );
        return { rows: page.entries, nextCursor: page.nextCursor };
      }}
    />
  );
}

export function EventLogScreen() {
  const [filter, setFilter] = useState<Filter>({ userId: '', eventId: '', outcome: '', from: '', to: '' });
  const [live, setLive] = useState(false);
  const set = (patch: Partial<Filter>) => setFilter((f) => ({ ...f, ...patch }));
  return (
    <section aria-labelledby="screen-title">
      <header className="screen-header">
        <h1 id="screen-title">{live && <span className="live-dot" aria-hidden="true" />}Event log</h1>
      </header>
      <p className="intro">
        Every call to POST /event and every bulk item: awarded, refused by a condition or a limit, or rejected with an error, and why.
        Newest first.
      </p>
      <div className="panel filters" role="search" aria-label="Filter the event log">
        <TextInput label="User id" value={filter.userId} onChange={(userId) => set({ userId })} />
        <TextInput label="Event id" value={filter.eventId} list="event-log-events" onChange={(eventId) => set({ eventId })} />
        <EventIdList id="event-log-events" />
        <Select<Outcome | ''>
          label="Outcome"
          value={filter.outcome}
          options={[{ value: '', label: 'any' }, ...OUTCOMES]}
          onChange={(outcome) => set({ outcome })}
        />
        <TextInput label="From (UTC)" type="datetime-local" value={filter.from} onChange={(from) => set({ from })} />
        <TextInput label="To (UTC)" type="datetime-local" value={filter.to} onChange={(to) => set({ to })} />
        <Checkbox
          label="Live"
          checked={live}
          onChange={setLive}
          hint={filter.userId.trim() ? "follows the user's live stream" : "follows the project's event log stream"}
        />
      </div>
      <EventLogTable filter={filter} live={live} caption="Event log" />
    </section>
  );
}

/** The Activity tab of a user page: reloaded whenever the user's live stream says something happened. */
export function UserActivity({ userId }: { userId: string }) {
  return <EventLogTable filter={{ userId, eventId: '', outcome: '', from: '', to: '' }} live caption="Activity" forUser />;
}
