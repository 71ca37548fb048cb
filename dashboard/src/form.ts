import { ApiError } from './api/client';

/** Conversions between form text and wire values. Empty text means "not set". */

export function numberOrUndefined(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** Text of a number field; a non-number stays as typed so the API names the bad field. */
export function numberField(text: string): number | string | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : text;
}

export function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** ms ↔ the value of <input type="datetime-local">, read as UTC (the service's days are UTC). */
export function msToLocalInput(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  return new Date(ms).toISOString().slice(0, 16);
}
export function localInputToMs(value: string): number | undefined {
  if (value === '') return undefined;
  const ms = Date.parse(`${value}:00Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Drops empty languages; undefined when nothing is left. */
export function cleanLanguageMap(map: Record<string, string>): Record<string, string> | undefined {
  const entries = Object.entries(map).filter(([, v]) => v.trim() !== '');
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** Removes keys whose value is undefined, so optional fields are omitted rather than sent empty. */
export function compact<T extends Record<string, unknown>>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as T;
}

export function formatDate(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
}

export type FieldErrors = Record<string, string>;

/**
 * Places an API error: next to the field it names when the form has it (validation messages
 * name the field, a 409 concerns the id), else in the banner.
 */
export function placeError(err: ApiError, fields: string[], idKey?: string): { fieldErrors: FieldErrors; banner: ApiError | null } {
  const field = err.field ?? (err.status === 409 && idKey ? idKey : null);
  if (field && fields.includes(field)) return { fieldErrors: { [field]: err.message }, banner: null };
  return { fieldErrors: {}, banner: err };
}

/** The text of a language map the (English) dashboard shows: en, then de, then any. */
export function pickLanguage(map: Record<string, string> | undefined | null): string {
  return map?.en || map?.de || map?.default || Object.values(map ?? {})[0] || '';
}
