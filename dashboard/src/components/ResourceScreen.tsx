import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { ApiError, enc } from '../api/client';
import type { Status } from '../api/types';
import { placeError, plainWords, type FieldErrors } from '../form';
import { useApi } from '../session';
import { useLoad } from '../useLoad';
import { ResourceHistory } from '../screens/Audit';
import { useConfirm } from './Confirm';
import { DataTable, type Column } from './DataTable';
import { ExportCsv } from './ExportCsv';
import { Empty, ErrorBanner, Loading, StatusBadge } from './ui';

export interface FormProps<F> {
  value: F;
  set(patch: Partial<F>): void;
  errors: FieldErrors;
  editing: boolean;
}

export interface ResourceConfig<T, F extends { status: Status }> {
  /** Admin resource name: /admin/<resource>. */
  resource: string;
  title: string;
  singular: string;
  idKey: keyof T & string;
  intro?: ReactNode;
  columns: Array<Column<T>>;
  blank(): F;
  toForm(item: T): F;
  toBody(form: F): Record<string, unknown>;
  /** Top-level body fields the form shows, so an API error naming one is shown beside it. */
  fields: string[];
  Form: ComponentType<FormProps<F>>;
  emptyText: ReactNode;
  /** A resource without a status (e.g. tiers): no status column; rows are deleted instead of deactivated. */
  statusless?: boolean;
  /** What deactivating (or deleting) does, said in the confirmation: "Calls of POST /event for it get 400". */
  deactivateEffect?: string;
  /** A row that cannot be changed here says why instead of its buttons (`points` among the currencies). */
  locked?(item: T): ReactNode | undefined;
  /** Figures of the whole list shown above it (e.g. a chart of redemptions per offer). */
  Summary?: ComponentType<{ items: T[] }>;
}

type Editing<T> = { mode: 'create' } | { mode: 'edit'; item: T };

/**
 * List, create, edit and (de)activate one admin resource. Deactivating is a full update with
 * status INACTIVE (docs/api.md, Admin API), so the definition and its history stay.
 */
export function ResourceScreen<T, F extends { status: Status }>({ config }: { config: ResourceConfig<T, F> }) {
  const api = useApi();
  const list = useLoad(`${api.projectId}/${config.resource}`, () => api.get<T[]>(`/admin/${config.resource}`, []));
  const [editing, setEditing] = useState<Editing<T> | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [rowError, setRowError] = useState<ApiError | null>(null);
  const [dialog, confirm] = useConfirm();

  const idOf = (item: T) => String(item[config.idKey]);
  const singular = config.singular.toLowerCase();
  const columns: Array<Column<T>> = config.statusless
    ? config.columns
    : [...config.columns, { label: 'Status', render: (item) => <StatusBadge status={statusOf(item)} />, csv: statusOf }];

  async function setStatus(item: T, status: Status) {
    setRowError(null);
    if (
      status === 'INACTIVE' &&
      !(await confirm({
        title: `Deactivate ${singular} ${idOf(item)}?`,
        effect: (
          <p>
            {config.deactivateEffect ?? `It stops working for your users until it is activated again.`} Its definition and history stay.
          </p>
        ),
        confirmLabel: 'Deactivate',
      }))
    )
      return;
    try {
      await api.put(`/admin/${config.resource}/${enc(idOf(item))}`, config.toBody({ ...config.toForm(item), status }));
      setNotice(`${config.singular} ${idOf(item)} is now ${status}.`);
      list.reload();
    } catch (err) {
      if (err instanceof ApiError) setRowError(err);
    }
  }

  async function remove(item: T) {
    setRowError(null);
    if (
      !(await confirm({
        title: `Delete ${singular} ${idOf(item)}?`,
        effect: <p>{config.deactivateEffect ?? 'It stops applying at once.'} This cannot be undone.</p>,
        confirmLabel: 'Delete',
      }))
    )
      return;
    try {
      await api.delete(`/admin/${config.resource}/${enc(idOf(item))}`);
      setNotice(`${config.singular} ${idOf(item)} was deleted.`);
      list.reload();
    } catch (err) {
      if (err instanceof ApiError) setRowError(err);
    }
  }

  return (
    <section aria-labelledby="screen-title">
      <header className="screen-header">
        <h1 id="screen-title">{config.title}</h1>
        <div className="form-actions">
          {list.data && list.data.length > 0 && (
            <ExportCsv fileName={`${config.resource}s.csv`} columns={columns} fetchAll={async () => list.data ?? []} />
          )}
          {!editing && (
            <button type="button" onClick={() => (setNotice(null), setEditing({ mode: 'create' }))}>
              New {config.singular.toLowerCase()}
            </button>
          )}
        </div>
      </header>
      {dialog}
      {config.intro && <p className="intro">{config.intro}</p>}
      {notice && (
        <div className="banner banner-ok" role="status">
          {notice}
        </div>
      )}
      <ErrorBanner error={rowError} />
      {editing && (
        <ResourceForm
          key={editing.mode === 'edit' ? idOf(editing.item) : 'new'}
          config={config}
          editing={editing}
          onCancel={() => setEditing(null)}
          onSaved={(id) => {
            setEditing(null);
            setNotice(`${config.singular} ${id} saved.`);
            list.reload();
          }}
        />
      )}
      {list.loading && !list.data ? (
        <Loading what={`Loading ${config.title.toLowerCase()}`} />
      ) : list.error ? (
        <ErrorBanner error={list.error} />
      ) : !list.data || list.data.length === 0 ? (
        <Empty>{config.emptyText}</Empty>
      ) : (
        <>
          {config.Summary && <config.Summary items={list.data} />}
          <DataTable
            caption={config.title}
            columns={columns}
            rows={list.data}
            rowKey={idOf}
            actions={(item) =>
              config.locked?.(item) ?? (
                <>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => (setNotice(null), setEditing({ mode: 'edit', item }))}
                    aria-label={`Edit ${idOf(item)}`}
                  >
                    Edit
                  </button>
                  {config.statusless ? (
                    <button type="button" className="secondary" onClick={() => remove(item)} aria-label={`Delete ${idOf(item)}`}>
                      Delete
                    </button>
                  ) : statusOf(item) === 'ACTIVE' ? (
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => setStatus(item, 'INACTIVE')}
                      aria-label={`Deactivate ${idOf(item)}`}
                    >
                      Deactivate
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => setStatus(item, 'ACTIVE')}
                      aria-label={`Activate ${idOf(item)}`}
                    >
                      Activate
                    </button>
                  )}
                </>
              )
            }
          />
        </>
      )}
    </section>
  );
}

function statusOf(item: unknown): Status {
  return (item as { status?: Status }).status ?? 'ACTIVE';
}

function ResourceForm<T, F extends { status: Status }>(props: {
  config: ResourceConfig<T, F>;
  editing: Editing<T>;
  onCancel(): void;
  onSaved(id: string): void;
}) {
  const { config, editing } = props;
  const api = useApi();
  const [value, setValue] = useState<F>(() => (editing.mode === 'edit' ? config.toForm(editing.item) : config.blank()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<ApiError | null>(null);
  const [saving, setSaving] = useState(false);
  const ref = useRef<HTMLFormElement>(null);
  // Into the form on New and on Edit: the first field that can be changed (an edited id is disabled).
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled])')?.focus();
  }, [editing]);

  // After a refused save: focus on the first field the API named (else the summary beside Submit).
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    const target =
      ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? ref.current?.querySelector<HTMLElement>('.form-summary');
    target?.focus();
  }, [attempt]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSaving(true);
    setErrors({});
    setBanner(null);
    try {
      const body = config.toBody(value);
      // A new resource is ACTIVE anyway; create bodies (e.g. POST /usergroup's) need not know status.
      if (editing.mode === 'create' && body.status === 'ACTIVE') delete body.status;
      const saved =
        editing.mode === 'edit'
          ? await api.put<T>(`/admin/${config.resource}/${enc(String(editing.item[config.idKey]))}`, body)
          : await api.post<T>(`/admin/${config.resource}`, body);
      props.onSaved(String(saved?.[config.idKey] ?? body[config.idKey] ?? ''));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const placed = placeError(err, config.fields, config.idKey);
      setErrors(placed.fieldErrors);
      setBanner(placed.banner);
      setSaving(false);
      setAttempt((n) => n + 1);
    }
  }

  const problems = [...Object.values(errors), ...(banner ? [plainWords(banner.message)] : [])];
  const title =
    editing.mode === 'edit'
      ? `Edit ${config.singular.toLowerCase()} ${String(editing.item[config.idKey])}`
      : `New ${config.singular.toLowerCase()}`;
  return (
    <form ref={ref} className="panel" onSubmit={submit} aria-label={title} noValidate>
      <h2>{title}</h2>
      <config.Form
        value={value}
        set={(patch) => {
          // An edit clears the complaints: they were about the values that were sent.
          setErrors({});
          setBanner(null);
          setValue((v) => ({ ...v, ...patch }));
        }}
        errors={errors}
        editing={editing.mode === 'edit'}
      />
      <div className="form-actions">
        <button type="submit" disabled={saving}>
          {saving ? 'Saving…' : editing.mode === 'edit' ? 'Save changes' : `Create ${config.singular.toLowerCase()}`}
        </button>
        <button type="button" className="secondary" onClick={props.onCancel}>
          Cancel
        </button>
        {problems.length > 0 && (
          <div className="form-summary" role="alert" tabIndex={-1}>
            Not saved:{' '}
            {problems.length === 1 ? (
              problems[0]
            ) : (
              <ul>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
            {banner?.code && banner.status ? <code className="code">{banner.code}</code> : null}
          </div>
        )}
      </div>
      {editing.mode === 'edit' && <ResourceHistory resource={config.resource} resourceId={String(editing.item[config.idKey])} />}
    </form>
  );
}
