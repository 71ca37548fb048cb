/** Reward history entry types (docs/api.md, Users and points). */
export type LedgerType =
  | 'EVENT'
  | 'CHALLENGE'
  | 'STREAK'
  | 'SURVEY'
  | 'REDEMPTION'
  | 'ADJUSTMENT'
  | 'SEASON'
  | 'REVERSAL'
  | 'EXPIRY'
  | 'ACHIEVEMENT'
  | 'REFERRAL'
  | 'CAMPAIGN';

/** A title or description as the history shows it: both languages always present. */
export interface HistoryText {
  de: string;
  en: string;
}

/** A plain string becomes { de, en } with the same text in both. */
export function historyText(value: string | Partial<Record<string, string>> | null | undefined): HistoryText {
  if (value === null || value === undefined) return { de: '', en: '' };
  if (typeof value === 'string') return { de: value, en: value };
  const fallback = value.default ?? value.en ?? value.de ?? Object.values(value)[0] ?? '';
  return { de: value.de ?? fallback, en: value.en ?? fallback };
}

export interface LedgerEntryInput {
  projectId: string;
  userId: string;
  type: LedgerType;
  sourceId: string;
  /** Signed change of the balance; 0 is allowed (a history entry without points). */
  points: number;
  /** Effective time in ms (an offline event's timestamp). */
  occurredAt: number;
  title: HistoryText;
  description: HistoryText;
  image?: string | null;
  metadata?: Record<string, unknown> | null;
}

/**
 * History id: `<TYPE>#<sourceId>#<ms>`, e.g. EVENT#purchase#1700000000000. Unique per user: when
 * `earlier` entries of the same type, source and millisecond were written before this one, it is
 * the (earlier + 1)-th and gets `#<earlier + 1>`: EVENT#purchase#1700000000000#2.
 */
export function historyId(type: string, sourceId: string, occurredAt: number, earlier = 0): string {
  const id = `${type}#${sourceId}#${occurredAt}`;
  return earlier > 0 ? `${id}#${earlier + 1}` : id;
}

/** The JSON of a history text, kept per object (the same definition's texts are written again and again). */
const texts = new WeakMap<HistoryText, string>();

export function historyJson(text: HistoryText): string {
  let json = texts.get(text);
  if (json === undefined) texts.set(text, (json = JSON.stringify(text)));
  return json;
}
