import { useState } from 'react';
import { ApiError, enc, query } from '../api/client';
import type { Column } from '../components/DataTable';
import { PagedTable } from '../components/PagedTable';
import { ErrorBanner, Select } from '../components/ui';
import { formatDate } from '../form';
import { href } from '../router';
import { useApi } from '../session';
import { useLoad } from '../useLoad';
import { lastAnswer, type WebhookDelivery, type WebhookEndpoint } from './webhookTypes';

const STATUSES = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'failed', label: 'Failed' },
] as const;
type StatusFilter = (typeof STATUSES)[number]['value'];

const COLUMNS: Array<Column<WebhookDelivery>> = [
  {
    label: 'Message',
    render: (d) => (
      <details>
        <summary>
          <code>{d.messageId}</code>
        </summary>
        <pre className="payload">{JSON.stringify(d.payload, null, 2)}</pre>
        {d.lastResponse && <pre className="payload">{d.lastResponse}</pre>}
      </details>
    ),
    csv: (d) => d.messageId,
  },
  { label: 'Type', render: (d) => d.type },
  {
    label: 'Status',
    render: (d) => (
      <span className={`badge badge-${d.status === 'delivered' ? 'active' : d.status === 'failed' ? 'expired' : 'pending'}`}>
        {d.status}
      </span>
    ),
    csv: (d) => d.status,
  },
  { label: 'Attempts', render: (d) => d.attempts },
  { label: 'Last answer', render: (d) => lastAnswer(d) },
  {
    label: 'Next attempt',
    render: (d) => formatDate(d.nextAttemptAt),
    csv: (d) => (d.nextAttemptAt ? new Date(d.nextAttemptAt).toISOString() : ''),
  },
  { label: 'Created', render: (d) => formatDate(d.createdAt), csv: (d) => new Date(d.createdAt).toISOString() },
];

/** One endpoint's delivery log, newest first, paged with the API's cursor; any message can be sent again now. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const api = useApi();
  const [status, setStatus] = useState<StatusFilter>('');
  const [version, setVersion] = useState(0);
  const [banner, setBanner] = useState<ApiError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const endpoint = useLoad(`${api.projectId}/webhook/${webhookId}`, () => api.get<WebhookEndpoint>(`/admin/webhook/${enc(webhookId)}`));

  async function retry(d: WebhookDelivery) {
    setBanner(null);
    setNotice(null);
    try {
      const after = await api.post<WebhookDelivery>(`/admin/webhook/${enc(webhookId)}/deliveries/${enc(d.messageId)}/retry`, {});
      setNotice(`${d.messageId}: ${after.status === 'delivered' ? 'delivered' : 'not delivered'} (${lastAnswer(after)}).`);
      setVersion((v) => v + 1);
    } catch (err) {
      if (err instanceof ApiError) setBanner(err);
      else throw err;
    }
  }

  return (
    <section aria-labelledby="screen-title">
      <header className="screen-header">
        <h1 id="screen-title">Deliveries of {endpoint.data?.url ?? webhookId}</h1>
      </header>
      <p>
        <a href={href('webhooks')}>← All webhooks</a>
        {endpoint.data && endpoint.data.status !== 'ACTIVE' && (
          <span className="badge badge-inactive"> INACTIVE: messages wait until it is active again</span>
        )}
      </p>
      <ErrorBanner error={endpoint.error} />
      <div className="panel inline-form">
        <Select label="Status" value={status} options={STATUSES} onChange={(v) => setStatus(v as StatusFilter)} />
      </div>
      <ErrorBanner error={banner} />
      {notice && (
        <p className="banner banner-ok" role="status">
          {notice}
        </p>
      )}
      <PagedTable
        loadKey={`${api.projectId}/webhook/${webhookId}/deliveries/${status}/${version}`}
        caption="Deliveries"
        csvName={`deliveries-${webhookId}.csv`}
        columns={COLUMNS}
        rowKey={(d) => d.messageId}
        empty="No messages yet."
        fetchPage={async (cursor) => {
          const page = await api.page<WebhookDelivery[]>(
            `/admin/webhook/${enc(webhookId)}/deliveries${query({ limit: 50, status, cursor })}`,
            [],
          );
          return { rows: page.items, nextCursor: page.nextCursor };
        }}
        actions={(d) => (
          <button type="button" className="secondary" onClick={() => retry(d)} aria-label={`Retry now: ${d.messageId}`}>
            Retry now
          </button>
        )}
      />
    </section>
  );
}
