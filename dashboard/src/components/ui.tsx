import { useId, useState, type ReactNode } from 'react';
import type { ApiError } from '../api/client';

/** Label, control, hint and the API error of one field, wired for screen readers. */
export function Field(props: {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  children: (id: string, describedBy?: string) => ReactNode;
  wide?: boolean;
}) {
  const id = useId();
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${props.wide ? ' field-wide' : ''}${props.error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      {props.children(id, describedBy)}
      {props.hint && (
        <small id={hintId} className="hint">
          {props.hint}
        </small>
      )}
      {props.error && (
        <small id={errorId} className="field-error" role="alert">
          {props.error}
        </small>
      )}
    </div>
  );
}

export function TextInput(props: {
  label: string;
  value: string;
  onChange(v: string): void;
  error?: string | null;
  hint?: ReactNode;
  type?: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  list?: string;
  wide?: boolean;
  min?: number;
  step?: string;
}) {
  return (
    <Field label={props.label} error={props.error} hint={props.hint} wide={props.wide}>
      {(id, describedBy) => (
        <input
          id={id}
          type={props.type ?? 'text'}
          value={props.value}
          placeholder={props.placeholder}
          required={props.required}
          disabled={props.disabled}
          list={props.list}
          min={props.min}
          step={props.step}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

export function Select<T extends string>(props: {
  label: string;
  value: T;
  options: ReadonlyArray<T | { value: T; label: string }>;
  onChange(v: T): void;
  error?: string | null;
  hint?: ReactNode;
}) {
  return (
    <Field label={props.label} error={props.error} hint={props.hint}>
      {(id, describedBy) => (
        <select
          id={id}
          value={props.value}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => props.onChange(e.target.value as T)}
        >
          {props.options.map((o) => {
            const { value, label } = typeof o === 'string' ? { value: o, label: o } : o;
            return (
              <option key={value} value={value}>
                {label}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}

export function Checkbox(props: { label: string; checked: boolean; onChange(v: boolean): void; hint?: string }) {
  const id = useId();
  return (
    <div className="field field-check">
      <input id={id} type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} />
      <label htmlFor={id}>{props.label}</label>
      {props.hint && <small className="hint">{props.hint}</small>}
    </div>
  );
}

/** The languages of the map inputs. Titles of user groups also need `default`. */
export function LanguageMapInput(props: {
  label: string;
  value: Record<string, string>;
  onChange(v: Record<string, string>): void;
  languages?: string[];
  error?: string | null;
  required?: string[];
}) {
  const languages = props.languages ?? ['de', 'en'];
  return (
    <fieldset className={`language-map${props.error ? ' field-invalid' : ''}`}>
      <legend>{props.label}</legend>
      <div className="row">
        {languages.map((lang) => (
          <TextInput
            key={lang}
            label={`${props.label} (${lang})${props.required?.includes(lang) ? ' *' : ''}`}
            value={props.value[lang] ?? ''}
            onChange={(v) => props.onChange({ ...props.value, [lang]: v })}
          />
        ))}
      </div>
      {props.error && (
        <small className="field-error" role="alert">
          {props.error}
        </small>
      )}
    </fieldset>
  );
}

export function Loading({ what = 'Loading' }: { what?: string }) {
  return (
    <p className="state loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {what}…
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="state empty">{children}</div>;
}

export function ErrorBanner({ error }: { error: ApiError | null | undefined }) {
  if (!error) return null;
  if (error.status === 404 && error.code === 'NOT_FOUND' && error.message.startsWith('Route ')) {
    // The server has no such route: a Laurel built without that module.
    return <p className="state empty">Not available on this server ({error.message.replace(/^Route | not found$/g, '')}).</p>;
  }
  return (
    <div className="banner banner-error" role="alert">
      <strong>{error.status ? `${error.status} ${error.body.error}` : error.body.error}</strong>: {error.message}
      {error.code && error.status ? <code className="code">{error.code}</code> : null}
    </div>
  );
}

export function StatusBadge({ status }: { status?: string }) {
  const s = status ?? 'ACTIVE';
  return <span className={`badge badge-${s.toLowerCase()}`}>{s}</span>;
}

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="secondary"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
        } catch {
          setCopied(false);
        }
      }}
    >
      {copied ? 'Copied' : label}
    </button>
  );
}

export function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="stat">
      <div className="stat-value">{value}</div>
      <div className="stat-label">{label}</div>
    </div>
  );
}

/** An editable list of rows (conditions, milestones, options…) with add/remove buttons. */
export function Rows<T>(props: {
  legend: string;
  rows: T[];
  onChange(rows: T[]): void;
  blank(): T;
  addLabel: string;
  render(row: T, set: (row: T) => void, index: number): ReactNode;
  error?: string | null;
  hint?: ReactNode;
}) {
  return (
    <fieldset className={`rows${props.error ? ' field-invalid' : ''}`}>
      <legend>{props.legend}</legend>
      {props.hint && <p className="hint">{props.hint}</p>}
      {props.rows.map((row, i) => (
        <div className="rows-item" key={i}>
          {props.render(row, (next) => props.onChange(props.rows.map((r, j) => (j === i ? next : r))), i)}
          <button
            type="button"
            className="icon danger"
            aria-label={`Remove ${props.legend.toLowerCase()} row ${i + 1}`}
            onClick={() => props.onChange(props.rows.filter((_, j) => j !== i))}
          >
            ✕
          </button>
        </div>
      ))}
      <button type="button" className="secondary" onClick={() => props.onChange([...props.rows, props.blank()])}>
        + {props.addLabel}
      </button>
      {props.error && (
        <small className="field-error" role="alert">
          {props.error}
        </small>
      )}
    </fieldset>
  );
}
