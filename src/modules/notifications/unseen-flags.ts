/**
 * A section has something unseen when its newest activity is later than the user's last-viewed
 * marker for it. No marker means everything counts as unseen; no activity means nothing to see.
 */
export type Section = 'rewards' | 'challenges' | 'surveys' | 'achievements';
export const SECTIONS: readonly Section[] = ['rewards', 'challenges', 'surveys', 'achievements'];

export function isUnseen(lastActivityAt: number | null, marker: number | undefined): boolean {
  if (lastActivityAt === null) return false;
  return marker === undefined || lastActivityAt > marker;
}

/** The newest of several activity times, or null when none has any. */
export function latest(...times: Array<number | null>): number | null {
  const known = times.filter((t): t is number => t !== null);
  return known.length === 0 ? null : Math.max(...known);
}
