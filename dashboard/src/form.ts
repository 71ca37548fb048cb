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
  if (field && fields.includes(field)) return { fieldErrors: { [field]: plainWords(err.message) }, banner: null };
  return { fieldErrors: {}, banner: err };
}

/**
 * A validation message in plain words for the person at the form: "body/title must NOT have fewer
 * than 1 characters" → "Title cannot be empty". Messages that are not schema messages stay as they are.
 */
export function plainWords(message: string): string {
  const m = /^(?:body|querystring|params)(?:\/([A-Za-z0-9_/]+))? (.*)$/.exec(message);
  if (!m) return message;
  const path = (m[1] ?? '').split('/').filter((p) => p !== '' && !/^\d+$/.test(p));
  const rule = m[2]!;
  // The service may add the route's smallest valid body after a colon: the form shows only the field.
  const required = /^must have required property '([^']+)'(?:: .*)?$/.exec(rule);
  if (required) return `${humanName([...path, required[1]!])} is required`;
  const name = path.length ? humanName(path) : 'This';
  const rules: Array<[RegExp, (...g: string[]) => string]> = [
    [/^must NOT have fewer than 1 characters$/, () => 'cannot be empty'],
    [/^must NOT have fewer than (\d+) characters$/, (n) => `needs at least ${n} characters`],
    [/^must NOT have more than (\d+) characters$/, (n) => `can have at most ${n} characters`],
    [/^must NOT have fewer than (\d+) items$/, (n) => `needs at least ${n} ${n === '1' ? 'entry' : 'entries'}`],
    [/^must NOT have more than (\d+) items$/, (n) => `can have at most ${n} entries`],
    [/^must be >= (-?[\d.]+)$/, (n) => `must be at least ${n}`],
    [/^must be > (-?[\d.]+)$/, (n) => `must be more than ${n}`],
    [/^must be <= (-?[\d.]+)$/, (n) => `must be at most ${n}`],
    [/^must be < (-?[\d.]+)$/, (n) => `must be less than ${n}`],
    [/^must be integer$/, () => 'must be a whole number'],
    [/^must be number$/, () => 'must be a number'],
    [/^must be string$/, () => 'must be text'],
    [/^must be boolean$/, () => 'must be yes or no'],
    [/^must match pattern .*$/, () => 'has characters that are not allowed'],
    [/^must be equal to one of the allowed values$/, () => 'is not one of the choices'],
    [/^must be one of the allowed values: (.*)$/, (values) => `must be one of ${values}`],
    [/^must NOT have additional properties$/, () => 'has a field the service does not know'],
    [/^must NOT have additional properties: '([^']+)' is not a known field$/, (field) => `has a field the service does not know: ${field}`],
    [/^must be ([a-z]+) or null$/, (type) => `must be ${TYPE_WORDS[type] ?? type} or empty`],
    [/^must be a language map like .*\(needs (.*)\)(?:: .*)?$/, (keys) => `needs a text in ${keys}`],
    [/^must be a language map like .*$/, () => 'needs a text per language'],
  ];
  for (const [re, say] of rules) {
    const g = re.exec(rule);
    if (g) return `${name} ${say(...g.slice(1))}`;
  }
  return `${name} ${rule}`;
}

const TYPE_WORDS: Record<string, string> = { integer: 'a whole number', number: 'a number', string: 'text', boolean: 'yes or no' };

function humanName(path: string[]): string {
  const words = path.map((p) => p.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The text of a language map the (English) dashboard shows: en, then de, then any. */
export function pickLanguage(map: Record<string, string> | undefined | null): string {
  return map?.en || map?.de || map?.default || Object.values(map ?? {})[0] || '';
}
