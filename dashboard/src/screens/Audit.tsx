import { useState } from 'react';
import { query } from '../api/client';
import type { AuditEntry } from '../api/types';
import type { Column } from '../components/DataTable';
import { PagedTable } from '../components/PagedTable';
import { Select, TextInput } from '../components/ui';
import { formatDate, localInputToMs } from '../form';
import { useApi } from '../session';

const RESOURCES = [
  'event',
  'challenge',
  'streak',
  'survey',
  'shop',
  'offer',
  'usergroup',
  'tier',
  'coupon',
  'user',
  'apikey',
  'webhook',
  'project',
];

/** Only the keys whose values differ, so a change of one field is not lost in the whole object. */
export function changedKeys(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys].filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k])).sort();
}

function pick(obj: Record<string, unknown> | null, keys: string[]): string {
  if (obj === null) return '—';
  return JSON.stringify(Object.fromEntries(keys.filter((k) => k in obj).map((k) => [k, obj[k]])), null, 1);
}

/** Fields the service computes (times, statistics): a create lists what the operator gave, not these. */
const COMPUTED = new Set(['createdAt', 'updatedAt', 'statistics', 'totalStatistics']);

/** The fields a create set, once, without the computed ones. */
export function createdFields(after: Record<string, unknown> | null): Record<string, unknown> {
  return Object.fromEntries(Object.entries(after ?? {}).filter(([k]) => !COMPUTED.has(k)));
}

function Created({ entry }: { entry: AuditEntry }) {
  const fields = createdFields(entry.after);
  return (
    <details>
      <summary>created with: {Object.keys(fields).join(', ') || 'no fields'}</summary>
      <pre>{JSON.stringify(fields, null, 1)}</pre>
    </details>
  );
}

function BeforeAfter({ entry }: { entry: AuditEntry }) {
  if (entry.before === null && entry.after !== null) return <Created entry={entry} />;
  const keys = changedKeys(entry.before, entry.after);
  return (
    <details>
      <summary>{keys.length ? `changed: ${keys.join(', ')}` : 'no field changed'}</summary>
      <div className="diff">
        <div>
          <strong>Before</strong>
          <pre>{pick(entry.before, keys)}</pre>
        </div>
        <div>
          <strong>After</strong>
          <pre>{pick(entry.after, keys)}</pre>
        </div>
      </div>
    </details>
  );
}

const COLUMNS: Array<Column<AuditEntry>> = [
  {
    label: 'When',
    // One line: the time never wraps between its date, hour and zone.
    render: (a) => (
      <time className="nowrap" dateTime={new Date(a.at).toISOString()}>
        {formatDate(a.at)}
      </time>
    ),
    csv: (a) => new Date(a.at).toISOString(),
  },
  { label: 'Who', render: (a) => a.actor },
  { label: 'Resource', render: (a) => a.resource },
  { label: 'Id', render: (a) => a.resourceId ?? '—', csv: (a) => a.resourceId },
  { label: 'Action', render: (a) => <span className="badge">{a.action}</span>, csv: (a) => a.action },
  { label: 'Before → after', render: (a) => <BeforeAfter entry={a} />, csv: (a) => JSON.stringify({ before: a.before, after: a.after }) },
];

/** The audit entries of a filter (all, one kind of resource, or one resource), paged and exportable. */
export function AuditTable({
  resource,
  resourceId,
  caption,
  from = '',
  to = '',
}: {
  resource: string;
  resourceId: string;
  caption: string;
  /** UTC date-times as the inputs hold them (YYYY-MM-DDTHH:mm); empty: no bound. */
  from?: string;
  to?: string;
}) {
  const api = useApi();
  const params = { resource, resourceId: resource ? resourceId.trim() : '', from: localInputToMs(from), to: localInputToMs(to) };
  return (
    <PagedTable
      loadKey={`${api.projectId}/audit${query(params)}`}
      caption={caption}
      csvName={`audit${resource ? `-${resource}` : ''}${params.resourceId ? `-${params.resourceId}` : ''}.csv`}
      columns={resourceId ? COLUMNS.filter((c) => c.label !== 'Resource' && c.label !== 'Id') : COLUMNS}
      rowKey={(a, i) => `${a.at}-${i}`}
      empty="No changes recorded."
      fetchPage={async (cursor) => {
        const page = await api.get<{ entries: AuditEntry[]; nextCursor: string | null }>(
          `/admin/audit-log${query({ ...params, cursor, limit: 50 })}`,
        );
        return { rows: page.entries, nextCursor: page.nextCursor };
      }}
    />
  );
}

/** The History panel of an edit form: who changed this resource, when, and what. */
export function ResourceHistory({ resource, resourceId }: { resource: string; resourceId: string }) {
  return (
    <details className="panel history-panel">
      <summary>History of {resourceId}</summary>
      <AuditTable resource={resource} resourceId={resourceId} caption={`Changes of ${resourceId}`} />
    </details>
  );
}

export function AuditScreen() {
  const [resource, setResource] = useState('');
  const [resourceId, setResourceId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  return (
    <section aria-labelledby="screen-title">
      <header className="screen-header">
        <h1 id="screen-title">Audit log</h1>
      </header>
      <p className="intro">
        Every admin change: who (the admin token or an API key), what, and the object before and after. Secrets are never recorded.
      </p>
      <div className="panel filters" role="search" aria-label="Filter the audit log">
        <Select label="Resource" value={resource} options={[{ value: '', label: 'any' }, ...RESOURCES]} onChange={setResource} />
        <TextInput
          label="Resource id"
          value={resourceId}
          disabled={!resource}
          hint={resource ? undefined : 'choose a resource first'}
          onChange={setResourceId}
        />
        <TextInput label="From (UTC)" type="datetime-local" value={from} onChange={setFrom} />
        <TextInput label="To (UTC)" type="datetime-local" value={to} onChange={setTo} />
      </div>
      <AuditTable resource={resource} resourceId={resourceId} from={from} to={to} caption="Audit log" />
    </section>
  );
}
