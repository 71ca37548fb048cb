/**
 * Levels of a currency (decision 303): a user's level is the highest level whose threshold its lifetime
 * earnings in the currency reached (0 before the first). Pure functions.
 */
export interface Level {
  level: number;
  threshold: number;
  title: Record<string, string>;
}

/** The level reached with `lifetime` and the next one (null at the top or without levels). */
export function levelAt(
  levels: readonly Level[],
  lifetime: number,
): { level: number; nextLevel: { level: number; threshold: number } | null } {
  let level = 0;
  for (const l of levels) {
    if (lifetime >= l.threshold) level = l.level;
    else return { level, nextLevel: { level: l.level, threshold: l.threshold } };
  }
  return { level, nextLevel: null };
}

/** The levels crossed when lifetime earnings go from `before` to `after`, lowest first. */
export function levelsCrossed(levels: readonly Level[], before: number, after: number): Level[] {
  return levels.filter((l) => l.threshold > before && l.threshold <= after);
}

/** Whether levels rise strictly in both number and threshold (else the message of the refusal). */
export function levelsProblem(levels: ReadonlyArray<{ level: number; threshold: number }>): string | null {
  for (let i = 1; i < levels.length; i++) {
    if (levels[i]!.level <= levels[i - 1]!.level) return `levels[${i}].level must be above levels[${i - 1}].level`;
    if (levels[i]!.threshold <= levels[i - 1]!.threshold) return `levels[${i}].threshold must be above levels[${i - 1}].threshold`;
  }
  return null;
}
