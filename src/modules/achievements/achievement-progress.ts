import { parseDecimal, ZERO, type Decimal } from '../events/index.js';

/**
 * A user's progress towards one achievement, as kept in the user's one progress row (decision 289):
 * `p` the exact decimal text, `c` the `createdAt` of the achievement it counts for, `at` when it last
 * moved. An entry whose `c` is not the achievement's (a deleted achievement whose id was used again)
 * counts as no progress; entries of achievements the reader does not know are kept as they are.
 * Held in a Map (an id may be any resource id, `__proto__` included).
 */
export interface UserProgressEntry {
  p: string;
  c: number;
  at: number;
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

/** The row's JSON text. */
export function userProgressText(entries: UserProgress): string {
  return JSON.stringify(Object.fromEntries(entries));
}

/** The progress towards the achievement `achievementId` created at `createdAt` (null: none). */
export function progressIn(entries: UserProgress, achievementId: string, createdAt: number): Decimal | null {
  const e = entries.get(achievementId);
  if (!e || e.c !== createdAt) return null;
  return parseDecimal(e.p) ?? ZERO;
}
