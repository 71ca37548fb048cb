import { decimalText, type Decimal } from '../events/index.js';
import { progressOf, type Progress } from './progress-value.js';

/**
 * A user's progress towards one achievement, as kept in the user's one progress row (decision 289):
 * `p` the progress — a JSON number while it is a safe whole number, else the exact decimal text
 * (decision 326; rows written before it hold every progress as text, and both are read) — and `c` the
 * `createdAt` of the achievement it counts for. (Entries written
 * before decision 304 also carry `at`, when it last moved: nothing read it, and its 13 digits were a
 * third of what every event wrote and parsed; the row's `updated_at` stays.) An entry whose `c` is
 * not the achievement's (a deleted achievement whose id was used again) counts as no progress;
 * entries of achievements the reader does not know are kept as they are.
 * Held in a Map (an id may be any resource id, `__proto__` included). In memory, a batch that moves
 * a progress sets `p` itself (decision 329): a number, or an exact decimal once it has a fraction,
 * written as its text.
 */
export interface UserProgressEntry {
  p: string | number | Decimal;
  c: number;
  at?: number;
}

export type UserProgress = Map<string, UserProgressEntry>;

/**
 * An entry of the shape written since decision 304, exactly `{ p, c }` with a numeric `c`. Entries are
 * made of this class when read or set, so that the hot path asks `instanceof` (one map check) rather
 * than walking the entry's keys, for each achievement of each event and each entry of each row written.
 */
export class ShortEntry implements UserProgressEntry {
  constructor(
    public p: string | number | Decimal,
    public c: number,
  ) {}
}

/** The entries of a stored progress row (an unreadable one: none). */
export function parseUserProgress(json: string | null | undefined): UserProgress {
  if (!json) return new Map();
  try {
    const value = JSON.parse(json) as unknown;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return new Map();
    const entries: UserProgress = new Map();
    for (const [id, e] of Object.entries(value as Record<string, UserProgressEntry>))
      entries.set(id, isShortShape(e) ? new ShortEntry(e.p, e.c) : e);
    return entries;
  } catch {
    return new Map();
  }
}

/**
 * The fixed parts of a short entry's text, made once per achievement id and `createdAt`: the head
 * `"<id>":{"p":` and the tail `,"c":<createdAt>}`. A row is written for every user an event moves, and
 * turning the 13 digits of `createdAt` into text for each entry was most of the row's cost.
 */
const pieces = new Map<string, { c: number; head: string; tail: string }>();
const MAX_PIECES = 10_000;

function piecesOf(id: string, c: number): { head: string; tail: string } {
  let known = pieces.get(id);
  if (known === undefined || known.c !== c) {
    known = { c, head: `${JSON.stringify(id)}:{"p":`, tail: `,"c":${c}}` };
    if (pieces.size < MAX_PIECES || pieces.has(id)) pieces.set(id, known);
  }
  return known;
}

/**
 * The row's JSON text: the entries as one object, in the Map's order (the property test reads it back),
 * built without the intermediate object `JSON.stringify` would need.
 */
export function userProgressText(entries: UserProgress): string {
  // Joined rather than concatenated: a text kept by its row (ParsedProgressRows, PostgreSQL) outlives the
  // batch more cheaply as one flat string than as a tree of ~40 pieces.
  const parts: string[] = ['{'];
  for (const [id, e] of entries) {
    // An entry read back from a row is kept as it was, whatever its shape: only ours take the short way.
    const p = e.p;
    if (e instanceof ShortEntry && (typeof p !== 'number' || Number.isSafeInteger(p))) {
      const { head, tail } = piecesOf(id, e.c);
      parts.push(head, typeof p === 'number' ? String(p) : JSON.stringify(typeof p === 'string' ? p : decimalText(p)), tail, ',');
    } else parts.push(JSON.stringify(id), ':', JSON.stringify(e), ',');
  }
  if (parts.length === 1) return '{}';
  parts[parts.length - 1] = '}';
  return parts.join('');
}

/** The progress towards the achievement `achievementId` created at `createdAt` (null: none). */
export function progressIn(
  entries: ReadonlyMap<string, Readonly<UserProgressEntry>>,
  achievementId: string,
  createdAt: number,
): Progress | null {
  const e = entries.get(achievementId);
  if (!e || e.c !== createdAt) return null;
  const p = e.p;
  if (typeof p === 'number' && Number.isSafeInteger(p)) return p;
  if (typeof p === 'number' || typeof p === 'string') return progressOf(p) ?? 0;
  return p !== null && typeof p === 'object' && typeof p.units === 'bigint' ? p : 0;
}

/**
 * The progress towards `achievementId` (created at `createdAt`) in entries a batch holds, 0 when none.
 * A short entry's decimal text is replaced by its value, so that the next event does not parse it again.
 */
export function heldProgress(entries: UserProgress, achievementId: string, createdAt: number): Progress {
  const e = entries.get(achievementId);
  if (e === undefined || e.c !== createdAt) return 0;
  const p = e.p;
  if (typeof p === 'number' && Number.isSafeInteger(p)) return p;
  const value = progressIn(entries, achievementId, createdAt) ?? 0;
  if (typeof p === 'string' && e instanceof ShortEntry) e.p = value;
  return value;
}

/**
 * Sets the progress towards `achievementId` (created at `createdAt`) in entries a batch holds: a short
 * entry changes in place; any other shape (one written before decision 304) is replaced.
 */
export function setHeldProgress(entries: UserProgress, achievementId: string, p: Progress, createdAt: number): void {
  const e = entries.get(achievementId);
  if (e instanceof ShortEntry) {
    e.p = p;
    e.c = createdAt;
  } else entries.set(achievementId, new ShortEntry(p, createdAt));
}

/** Exactly `{ p, c }` with a numeric `c`: the shape written since decision 304. */
function isShortShape(e: UserProgressEntry): boolean {
  if (e === null || typeof e !== 'object') return false;
  let n = 0;
  for (const k in e) {
    if (k !== 'p' && k !== 'c') return false;
    n++;
  }
  return n === 2 && typeof e.c === 'number';
}
