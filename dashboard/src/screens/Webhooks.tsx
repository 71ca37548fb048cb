import { useState } from 'react';
import { ApiError, enc } from '../api/client';
import { useConfirm } from '../components/Confirm';
import type { Column } from '../components/DataTable';
import { ListTable } from '../components/ListTable';
import { Checkbox, CopyButton, Empty, ErrorBanner, Loading, TextInput } from '../components/ui';
import { formatDate, placeError, type FieldErrors } from '../form';
import { href } from '../router';
import { useApi } from '../session';
import { useLoad } from '../useLoad';
import { lastAnswer, MESSAGE_TYPES, withStatus, type WebhookDelivery, type WebhookEndpoint, type WebhookWithSecret } from './webhookTypes';
import { WebhookDeliveries } from './WebhookDeliveries';

/**
 * Webhooks: endpoints that receive signed messages (Standard Webhooks). Create one (its secret is
 * shown once), send a test message, rotate the secret, pause or resume it; its delivery log
 * (with "Retry now") is at webhooks/<id>.
 */
const COLUMNS: Array<Column<WebhookEndpoint>> = [
  {
    label: 'URL',
    render: (w) => (
      <>
        <a href={href(`webhooks/${enc(w.webhookId)}`)}>{w.url}</a>
        {w.description && <div className="hint">{w.description}</div>}
      </>
    ),
    csv: (w) => w.url,
  },
  { label: 'Types', render: (w) => w.events.join(', ') },
  {
    label: 'Status',
    render: (w) => (
      <>
        <span className={`badge badge-${w.status.toLowerCase()}`}>{w.status}</span>
        {w.disabledReason && <div className="hint">{w.disabledReason}</div>}
        {!w.disabledReason && w.failingSince !== null && <div className="hint">failing since {formatDate(w.failingSince)}</div>}
      </>
    ),
    csv: (w) => w.status,
  },
  { label: 'Secret', render: (w) => <code>{w.secretHint}</code> },
];

export function WebhooksScreen({ webhookId }: { webhookId: string | null }) {
  if (webhookId) return <WebhookDeliveries webhookId={webhookId} />;
  return <WebhookList />;
}

function WebhookList() {
  const api = useApi();
  const list = useLoad(`${api.projectId}/webhook`, () => api.get<WebhookEndpoint[]>('/admin/webhook', []));
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [all, setAll] = useState(true);
  const [types, setTypes] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<ApiError | null>(null);
  const [secret, setSecret] = useState<{ title: string; secret: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function create(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    setBanner(null);
    try {
      const created = await api.post<WebhookWithSecret>('/admin/webhook', {
        url,
        events: all ? ['*'] : types,
        status: 'ACTIVE',
        description,
      });
      setSecret({ title: `Copy the secret of ${created.url} now.`, secret: created.secret });
      setUrl('');
      setDescription('');
      list.reload();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const placed = placeError(err, ['url', 'events', 'description']);
      setErrors(placed.fieldErrors);
      setBanner(placed.banner);
    }
  }

  const [dialog, confirm] = useConfirm();

  async function act(run: () => Promise<void>) {
    setBanner(null);
    setNotice(null);
    try {
      await run();
    } catch (err) {
      if (err instanceof ApiError) setBanner(err);
      else throw err;
    }
    list.reload();
  }

  const test = (w: WebhookEndpoint) =>
    act(async () => {
      const d = await api.post<WebhookDelivery>(`/admin/webhook/${enc(w.webhookId)}/test`, {});
      setNotice(
        d.status === 'delivered'
          ? `Test message delivered to ${w.url} (${lastAnswer(d)}).`
          : `Test message not delivered to ${w.url}: ${lastAnswer(d)}. It will be retried.`,
      );
    });
  const rotate = (w: WebhookEndpoint) =>
    act(async () => {
      if (!window.confirm(`Rotate the secret of ${w.url}? The old secret keeps signing for 24 hours.`)) return;
      const r = await api.post<WebhookWithSecret>(`/admin/webhook/${enc(w.webhookId)}/rotate-secret`, {});
      setSecret({ title: `Copy the new secret of ${w.url} now. The old one also signs for 24 hours.`, secret: r.secret });
    });
  const toggle = (w: WebhookEndpoint) =>
    act(async () => {
      const status = w.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE';
      if (
        status === 'INACTIVE' &&
        !(await confirm({
          title: `Deactivate the webhook ${w.url}?`,
          effect: <p>Laurel stops sending messages to it until it is activated again.</p>,
          confirmLabel: 'Deactivate',
        }))
      )
        return;
      await api.put(`/admin/webhook/${enc(w.webhookId)}`, withStatus(w, status));
      setNotice(`Webhook ${w.webhookId} is now ${status}.`);
    });
  const remove = (w: WebhookEndpoint) =>
    act(async () => {
      if (
        !(await confirm({
          title: `Delete the webhook ${w.url}?`,
          effect: <p>Laurel stops sending to it, and its delivery log is deleted. This cannot be undone.</p>,
          confirmLabel: 'Delete',
        }))
      )
        return;
      await api.delete(`/admin/webhook/${enc(w.webhookId)}`);
    });

  return (
    <section aria-labelledby="screen-title">
      <header className="screen-header">
        <h1 id="screen-title">Webhooks</h1>
      </header>
      {dialog}
      <p className="intro">
        Laurel POSTs what happens (points, completions, redemptions, …) to these URLs, signed per Standard Webhooks, retried for 24 hours.
      </p>
      <form className="panel" onSubmit={create} noValidate aria-label="New webhook">
        <div className="row">
          <TextInput
            label="Endpoint URL"
            value={url}
            placeholder="https://crm.example.com/laurel"
            error={errors.url}
            onChange={setUrl}
            wide
          />
          <TextInput label="Description" value={description} error={errors.description} onChange={setDescription} />
        </div>
        <fieldset className={errors.events ? 'field-invalid' : undefined}>
          <legend>Message types</legend>
          <Checkbox label="All types (*)" checked={all} onChange={setAll} />
          {!all && (
            <div className="row">
              {MESSAGE_TYPES.map((t) => (
                <Checkbox
                  key={t}
                  label={t}
                  checked={types.includes(t)}
                  onChange={(on) => setTypes(on ? [...types, t] : types.filter((x) => x !== t))}
                />
              ))}
            </div>
          )}
          {errors.events && (
            <small className="field-error" role="alert">
              {errors.events}
            </small>
          )}
        </fieldset>
        <button type="submit">Create webhook</button>
      </form>
      <ErrorBanner error={banner} />
      {notice && (
        <p className="banner banner-ok" role="status">
          {notice}
        </p>
      )}
      {secret && (
        <div className="banner banner-ok key-once" role="status">
          <p>
            <strong>{secret.title}</strong> It is shown only this once. Receivers verify each message with it.
          </p>
          <div className="key-row">
            <code data-testid="webhook-secret">{secret.secret}</code>
            <CopyButton text={secret.secret} label="Copy secret" />
            <button type="button" className="secondary" onClick={() => setSecret(null)}>
              Done
            </button>
          </div>
        </div>
      )}
      {list.loading && !list.data ? (
        <Loading what="Loading webhooks" />
      ) : list.error ? (
        <ErrorBanner error={list.error} />
      ) : !list.data?.length ? (
        <Empty>No webhooks yet.</Empty>
      ) : (
        <ListTable
          caption="Webhooks"
          csvName="webhooks.csv"
          columns={COLUMNS}
          rows={list.data}
          rowKey={(w) => w.webhookId}
          actions={(w) => (
            <>
              <button
                type="button"
                className="secondary"
                disabled={w.status !== 'ACTIVE'}
                onClick={() => test(w)}
                aria-label={`Send test message to ${w.webhookId}`}
              >
                Send test
              </button>
              <button type="button" className="secondary" onClick={() => rotate(w)} aria-label={`Rotate secret of ${w.webhookId}`}>
                Rotate secret
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => toggle(w)}
                aria-label={`${w.status === 'ACTIVE' ? 'Deactivate' : 'Activate'} ${w.webhookId}`}
              >
                {w.status === 'ACTIVE' ? 'Deactivate' : 'Activate'}
              </button>
              <button type="button" className="danger" onClick={() => remove(w)} aria-label={`Delete ${w.webhookId}`}>
                Delete
              </button>
            </>
          )}
        />
      )}
    </section>
  );
}
