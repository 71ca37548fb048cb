import { parseDecimal, ZERO, type Decimal } from '../events/index.js';

/**
 * A user's progress towards one achievement, as kept in the user's one progress row (decision 289):
 * `p` the exact decimal text, `c` the `createdAt` of the achievement it counts for. (Entries written
 * before decision 304 also carry `at`, when it last moved: nothing read it, and its 13 digits were a
 * third of what every event wrote and parsed; the row's `updated_at` stays.) An entry whose `c` is
 * not the achievement's (a deleted achievement whose id was used again) counts as no progress;
 * entries of achievements the reader does not know are kept as they are.
 * Held in a Map (an id may be any resource id, `__proto__` included).
 */
export interface UserProgressEntry {
  p: string;
  c: number;
  at?: number;
}

export type UserProgress = Map<string, UserProgressEntry>;

/** The entries of a stored progress row (an unreadable one: none). */
export function parseUserProgress(json: string | null | undefined): UserProgress {
  if (!json) return new Map();
  try {
    const value = JSON.parse(json) as unknown;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return new Map();
    return new Map(Object.entries(value as Record<string, UserProgressEntry>));
  } catch {
    return new Map();
  }
}

/** Achievement ids as JSON strings, made once per id: a row is written for every user an event moves. */
const quoted = new Map<string, string>();
const MAX_QUOTED = 10_000;

function quote(id: string): string {
  let text = quoted.get(id);
  if (text === undefined) {
    text = JSON.stringify(id);
    if (quoted.size < MAX_QUOTED) quoted.set(id, text);
  }
  return text;
}

/**
 * The row's JSON text: the entries as one object, in the Map's order (the property test reads it back),
 * built without the intermediate object `JSON.stringify` would need.
 */
export function userProgressText(entries: UserProgress): string {
  let text = '';
  for (const [id, e] of entries) {
    // An entry read back from a row is kept as it was, whatever its shape: only ours take the short way.
    const entry =
      typeof e.p === 'string' && typeof e.c === 'number' && Object.keys(e).length === 2
        ? `{"p":${JSON.stringify(e.p)},"c":${e.c}}`
        : JSON.stringify(e);
    text += `${text === '' ? '{' : ','}${quote(id)}:${entry}`;
  }
  return text === '' ? '{}' : `${text}}`;
}

/** The progress towards the achievement `achievementId` created at `createdAt` (null: none). */
export function progressIn(entries: UserProgress, achievementId: string, createdAt: number): Decimal | null {
  const e = entries.get(achievementId);
  if (!e || e.c !== createdAt) return null;
  return parseDecimal(e.p) ?? ZERO;
}
