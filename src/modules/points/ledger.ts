/** Reward history entry types (CONTRACT.md section 4, Reward history). */
export type LedgerType = 'EVENT' | 'CHALLENGE' | 'STREAK' | 'SURVEY' | 'REDEMPTION' | 'ADJUSTMENT';

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

/** History id: `<TYPE>#<sourceId>#<ms>`, e.g. EVENT#purchase#1700000000000. */
export function historyId(type: string, sourceId: string, occurredAt: number): string {
  return `${type}#${sourceId}#${occurredAt}`;
}
