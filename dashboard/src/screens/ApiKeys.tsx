import { useState } from 'react';
import { ApiError, enc } from '../api/client';
import type { ApiKey, CreatedApiKey } from '../api/types';
import type { Column } from '../components/DataTable';
import { ListTable } from '../components/ListTable';
import { CopyButton, Empty, ErrorBanner, Loading, TextInput } from '../components/ui';
import { formatDate, placeError, type FieldErrors } from '../form';
import { useApi } from '../session';
import { useLoad } from '../useLoad';

const COLUMNS: Array<Column<ApiKey>> = [
  { label: 'Name', render: (k) => k.name },
  { label: 'Key id', render: (k) => <code>{k.apiKeyId}</code> },
  { label: 'Starts with', render: (k) => <code>{k.keyPrefix}…</code>, csv: (k) => k.keyPrefix },
  { label: 'Created', render: (k) => formatDate(k.createdAt), csv: (k) => new Date(k.createdAt).toISOString() },
];

/** API keys: created with a name, the key shown exactly once (copy it now), revoked with DELETE. */
export function ApiKeysScreen() {
  const api = useApi();
  const list = useLoad(`${api.projectId}/apikey`, () => api.get<ApiKey[]>('/admin/apikey', []));
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<ApiError | null>(null);

  async function create(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    setBanner(null);
    try {
      setCreated(await api.post<CreatedApiKey>('/admin/apikey', { name }));
      setName('');
      list.reload();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const placed = placeError(err, ['name']);
      setErrors(placed.fieldErrors);
      setBanner(placed.banner);
    }
  }

  async function revoke(key: ApiKey) {
    if (!window.confirm(`Revoke the API key “${key.name}”? Apps using it stop working at once.`)) return;
    try {
      await api.delete(`/admin/apikey/${enc(key.apiKeyId)}`);
      // A revoked key's secret must not stay on screen.
      setCreated((shown) => (shown?.apiKeyId === key.apiKeyId ? null : shown));
      list.reload();
    } catch (err) {
      if (err instanceof ApiError) setBanner(err);
    }
  }

  return (
    <section aria-labelledby="screen-title">
      <header className="screen-header">
        <h1 id="screen-title">API keys</h1>
      </header>
      <p className="intro">
        For your servers: send the key as the header x-api-key (POST /event for events that require one, POST /usergroup).
      </p>
      <form className="panel inline-form" onSubmit={create} noValidate aria-label="New API key">
        <TextInput label="Name of the new key" value={name} placeholder="checkout-server" error={errors.name} onChange={setName} />
        <button type="submit">Create key</button>
      </form>
      <ErrorBanner error={banner} />
      {created && (
        <div className="banner banner-ok key-once" role="status">
          <p>
            <strong>Copy the key “{created.name}” now.</strong> It is shown only this once; Laurel keeps only its hash.
          </p>
          <div className="key-row">
            <code data-testid="new-api-key">{created.key}</code>
            <CopyButton text={created.key} label="Copy key" />
            <button type="button" className="secondary" onClick={() => setCreated(null)}>
              Done
            </button>
          </div>
        </div>
      )}
      {list.loading && !list.data ? (
        <Loading what="Loading API keys" />
      ) : list.error ? (
        <ErrorBanner error={list.error} />
      ) : !list.data?.length ? (
        <Empty>No API keys yet.</Empty>
      ) : (
        <ListTable
          caption="API keys"
          csvName="api-keys.csv"
          columns={COLUMNS}
          rows={list.data}
          rowKey={(k) => k.apiKeyId}
          actions={(k) => (
            <button type="button" className="danger" onClick={() => revoke(k)} aria-label={`Revoke ${k.name}`}>
              Revoke
            </button>
          )}
        />
      )}
    </section>
  );
}
