import { useState } from 'react';
import { ApiError, enc, query } from '../api/client';
import { Empty, ErrorBanner, Loading, Select } from '../components/ui';
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

/** One endpoint's delivery log, newest first, paged with the API's cursor; any message can be sent again now. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const api = useApi();
  const [status, setStatus] = useState<StatusFilter>('');
  const [version, setVersion] = useState(0);
  const [more, setMore] = useState<{ items: WebhookDelivery[]; nextCursor: string | null } | null>(null);
  const [banner, setBanner] = useState<ApiError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const endpoint = useLoad(`${api.projectId}/webhook/${webhookId}`, () => api.get<WebhookEndpoint>(`/admin/webhook/${enc(webhookId)}`));
  const path = (cursor: string | null) => `/admin/webhook/${enc(webhookId)}/deliveries${query({ limit: 50, status, cursor })}`;
  const first = useLoad(`${api.projectId}/webhook/${webhookId}/deliveries/${status}/${version}`, () => api.page<WebhookDelivery[]>(path(null), []));
  const items = [...(first.data?.items ?? []), ...(more?.items ?? [])];
  const nextCursor = more ? more.nextCursor : (first.data?.nextCursor ?? null);

  async function loadMore() {
    if (!nextCursor) return;
    try {
      const page = await api.page<WebhookDelivery[]>(path(nextCursor), []);
      setMore({ items: [...(more?.items ?? []), ...page.items], nextCursor: page.nextCursor });
    } catch (err) {
      if (err instanceof ApiError) setBanner(err);
    }
  }

  async function retry(d: WebhookDelivery) {
    setBanner(null);
    setNotice(null);
    try {
      const after = await api.post<WebhookDelivery>(`/admin/webhook/${enc(webhookId)}/deliveries/${enc(d.messageId)}/retry`, {});
      setNotice(`${d.messageId}: ${after.status === 'delivered' ? 'delivered' : 'not delivered'} (${lastAnswer(after)}).`);
      setMore(null);
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
        {endpoint.data && endpoint.data.status !== 'ACTIVE' && <span className="badge badge-inactive"> INACTIVE: messages wait until it is active again</span>}
      </p>
      <ErrorBanner error={endpoint.error} />
      <div className="panel inline-form">
        <Select
          label="Status"
          value={status}
          options={STATUSES}
          onChange={(v) => {
            setStatus(v);
            setMore(null);
          }}
        />
      </div>
      <ErrorBanner error={banner} />
      {notice && (
        <p className="banner banner-ok" role="status">
          {notice}
        </p>
      )}
      {first.loading && !first.data ? (
        <Loading what="Loading deliveries" />
      ) : first.error ? (
        <ErrorBanner error={first.error} />
      ) : items.length === 0 ? (
        <Empty>No messages yet.</Empty>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Message</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last answer</th>
                <th scope="col">Next attempt</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((d) => (
                <tr key={d.messageId}>
                  <td data-label="Message">
                    <details>
                      <summary>
                        <code>{d.messageId}</code>
                      </summary>
                      <pre className="payload">{JSON.stringify(d.payload, null, 2)}</pre>
                      {d.lastResponse && <pre className="payload">{d.lastResponse}</pre>}
                    </details>
                  </td>
                  <td data-label="Type">{d.type}</td>
                  <td data-label="Status">
                    <span className={`badge badge-${d.status === 'delivered' ? 'active' : d.status === 'failed' ? 'expired' : 'pending'}`}>{d.status}</span>
                  </td>
                  <td data-label="Attempts">{d.attempts}</td>
                  <td data-label="Last answer">{lastAnswer(d)}</td>
                  <td data-label="Next attempt">{formatDate(d.nextAttemptAt)}</td>
                  <td data-label="Created">{formatDate(d.createdAt)}</td>
                  <td className="actions">
                    <button type="button" className="secondary" onClick={() => retry(d)} aria-label={`Retry ${d.messageId} now`}>
                      Retry now
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {nextCursor && (
        <button type="button" className="secondary" onClick={loadMore}>
          Load more
        </button>
      )}
    </section>
  );
}
