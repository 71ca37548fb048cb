import { useState } from 'react';
import { ApiError, enc } from '../api/client';
import type { ApiKey, CreatedApiKey } from '../api/types';
import type { Column } from '../components/DataTable';
import { ListTable } from '../components/ListTable';
import { Checkbox, CopyButton, Empty, ErrorBanner, Loading, TextInput } from '../components/ui';
import { formatDate, placeError, type FieldErrors } from '../form';
import { useApi } from '../session';
import { useLoad } from '../useLoad';

type Scope = ApiKey['scopes'][number];

/** The scopes a key may have, with what each allows (a key made without a choice has all). */
const SCOPES: Array<{ scope: Scope; hint: string }> = [
  { scope: 'events:write', hint: 'send events' },
  { scope: 'users:write', hint: 'create and change users, display names' },
  { scope: 'users:read', hint: 'read points, history, boards, challenges, streaks, offers' },
  { scope: 'rewards:write', hint: 'redeem offers, use coupons, answer surveys' },
];
const ALL_SCOPES = SCOPES.map((s) => s.scope);

/** "all" for a key with every scope, else its scopes. */
const scopesText = (k: ApiKey) => (ALL_SCOPES.every((s) => k.scopes?.includes(s)) ? 'all' : (k.scopes ?? []).join(', '));

const COLUMNS: Array<Column<ApiKey>> = [
  { label: 'Name', render: (k) => k.name },
  { label: 'Key id', render: (k) => <code>{k.apiKeyId}</code> },
  { label: 'Starts with', render: (k) => <code>{k.keyPrefix}…</code>, csv: (k) => k.keyPrefix },
  { label: 'Scopes', render: scopesText },
  { label: 'Created', render: (k) => formatDate(k.createdAt), csv: (k) => new Date(k.createdAt).toISOString() },
];

/** API keys: created with a name, the key shown exactly once (copy it now), revoked with DELETE. */
export function ApiKeysScreen() {
  const api = useApi();
  const list = useLoad(`${api.projectId}/apikey`, () => api.get<ApiKey[]>('/admin/apikey', []));
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(ALL_SCOPES);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<ApiError | null>(null);

  async function create(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    setBanner(null);
    try {
      // Every scope is the default: the key is then created without a list (it keeps every scope).
      const body = scopes.length === ALL_SCOPES.length ? { name } : { name, scopes };
      setCreated(await api.post<CreatedApiKey>('/admin/apikey', body));
      setName('');
      setScopes(ALL_SCOPES);
      list.reload();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const placed = placeError(err, ['name', 'scopes']);
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
        For your servers: send the key as the header x-api-key. A key acts for any user of the project on every public route, within its
        scopes; the admin API never takes a key.
      </p>
      <form className="panel inline-form" onSubmit={create} noValidate aria-label="New API key">
        <TextInput label="Name of the new key" value={name} placeholder="checkout-server" error={errors.name} onChange={setName} />
        <fieldset aria-label="Scopes">
          <legend>Scopes</legend>
          {SCOPES.map(({ scope, hint }) => (
            <Checkbox
              key={scope}
              label={scope}
              hint={hint}
              checked={scopes.includes(scope)}
              onChange={(on) => setScopes((now) => ALL_SCOPES.filter((s) => (s === scope ? on : now.includes(s))))}
            />
          ))}
          {errors.scopes && (
            <small className="field-error" role="alert">
              {errors.scopes}
            </small>
          )}
        </fieldset>
        <button type="submit" disabled={scopes.length === 0}>
          Create key
        </button>
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
