import { AppError } from '../../platform/errors.js';
import { parseDecimal, ZERO, type Decimal } from '../events/index.js';
import { compareProgress, positive, type Progress } from './progress-value.js';
import type { AchievementBody, Criteria, CriteriaKind } from './achievements.schemas.js';

/**
 * The rules of an achievement definition, without IO: which criteria fields each kind takes, its
 * levels (one level 1 at `criteria.threshold` without `levels`), and which levels a progress reaches.
 */

/** A level as the write path and the reads use it: its threshold as an exact decimal. */
export interface Level {
  level: number;
  threshold: number;
  exact: Decimal;
  title: Record<string, string> | null;
  image: string | null;
  points: number;
}

/** An achievement as the service and the write path hold it. */
export interface Achievement {
  achievementId: string;
  title: Record<string, string>;
  description: Record<string, string>;
  image: string | null;
  status: string;
  secret: boolean;
  points: number;
  /** The currency of its points (absent: points; decision 302). */
  currency?: string;
  backfillPoints: boolean;
  criteria: Criteria;
  /** As configured (null: one level from criteria.threshold). */
  levelsGiven: AchievementBody['levels'];
  /** The effective levels, by threshold ascending. */
  levels: Level[];
  createdAt: number;
  updatedAt: number;
}

/** The criteria fields each kind takes (besides `kind` and `threshold`); `required` ones must be there. */
const FIELDS: Record<CriteriaKind, { required: string[]; optional: string[] }> = {
  eventCount: { required: ['eventId'], optional: ['conditions'] },
  metadataSum: { required: ['eventId', 'field'], optional: ['conditions'] },
  lifetimeEarned: { required: [], optional: ['currency'] },
  streakLength: { required: ['streakId'], optional: [] },
  challengeCompleted: { required: [], optional: ['challengeId', 'seriesId'] },
  boardRank: { required: [], optional: ['groupId'] },
};

/** Whether the kind's progress is a rank (lower is better: a level is reached at or above its rank). */
export function ranked(kind: CriteriaKind): boolean {
  return kind === 'boardRank';
}

/** Throws a 400 naming what is wrong with a definition; nothing is ignored silently (decision 193). */
export function validateAchievement(body: AchievementBody): void {
  if (body.title.de === undefined && body.title.en === undefined && body.title.default === undefined) {
    throw AppError.of('INVALID_TITLE', 'title needs at least one of de, en or default');
  }
  const c = body.criteria;
  const fields = FIELDS[c.kind];
  for (const name of fields.required) {
    if (c[name as keyof Criteria] === undefined) throw AppError.of('INVALID_CRITERIA', `criteria of kind ${c.kind} need ${name}`);
  }
  for (const name of Object.keys(c)) {
    if (name === 'kind' || name === 'threshold' || fields.required.includes(name) || fields.optional.includes(name)) continue;
    throw AppError.of('INVALID_CRITERIA', `criteria of kind ${c.kind} take no ${name}`);
  }
  if (c.kind === 'challengeCompleted' && (c.challengeId === undefined) === (c.seriesId === undefined)) {
    throw AppError.of('INVALID_CRITERIA', 'criteria of kind challengeCompleted need one of challengeId or seriesId');
  }
  const levels = body.levels ?? null;
  if (levels === null && c.threshold === undefined) {
    throw AppError.of('INVALID_LEVELS', 'give criteria.threshold, or levels with a threshold each');
  }
  if (levels !== null && c.threshold !== undefined) {
    throw AppError.of('INVALID_LEVELS', 'give either criteria.threshold or levels, not both');
  }
  const thresholds = levels === null ? [c.threshold!] : levels.map((l) => l.threshold);
  if (c.kind !== 'metadataSum' && thresholds.some((t) => !Number.isInteger(t))) {
    throw AppError.of('INVALID_LEVELS', `thresholds of kind ${c.kind} are whole numbers`);
  }
  if (c.kind === 'challengeCompleted' && c.challengeId !== undefined && thresholds.some((t) => t !== 1)) {
    throw AppError.of('INVALID_LEVELS', 'a challenge is completed once: the threshold of challengeCompleted with a challengeId is 1');
  }
  if (levels !== null) {
    const sorted = [...levels].sort((a, b) => a.level - b.level);
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]!.level === sorted[i - 1]!.level) throw AppError.of('INVALID_LEVELS', `level ${sorted[i]!.level} is given twice`);
      if (ranked(c.kind) && sorted[i]!.threshold >= sorted[i - 1]!.threshold) {
        throw AppError.of('INVALID_LEVELS', `level ${sorted[i]!.level} needs a better (smaller) rank than level ${sorted[i - 1]!.level}`);
      }
      if (!ranked(c.kind) && sorted[i]!.threshold <= sorted[i - 1]!.threshold) {
        throw AppError.of('INVALID_LEVELS', `level ${sorted[i]!.level} needs a higher threshold than level ${sorted[i - 1]!.level}`);
      }
    }
  }
}

/** The effective levels of a definition, easiest first (by threshold ascending; a rank: descending). */
export function levelsOf(criteria: Criteria, levels: AchievementBody['levels'], points: number): Level[] {
  const given = levels ?? [{ level: 1, threshold: criteria.threshold ?? 1 }];
  return given
    .map((l) => ({
      level: l.level,
      threshold: l.threshold,
      exact: parseDecimal(l.threshold) ?? ZERO,
      title: 'title' in l && l.title ? l.title : null,
      image: 'image' in l && l.image ? l.image : null,
      points: 'points' in l && l.points !== undefined ? l.points : points,
    }))
    .sort((a, b) => (ranked(criteria.kind) ? b.threshold - a.threshold : a.threshold - b.threshold));
}

const NONE: readonly Level[] = [];

/**
 * The levels `progress` reaches that are not in `unlocked`, easiest first (a rank reaches a level at
 * or within its threshold). Runs for every achievement an event moves: a loop that stops at the first
 * level out of reach (levels are easiest first), and no array when none is reached.
 */
export function levelsReached(
  kind: CriteriaKind,
  levels: readonly Level[],
  progress: Progress,
  unlocked: ReadonlySet<number>,
): readonly Level[] {
  const rank = ranked(kind);
  if (rank && !positive(progress)) return NONE;
  let reached: Level[] | null = null;
  for (const l of levels) {
    if (unlocked.has(l.level)) continue;
    // A whole-number progress against a whole-number threshold: compared as numbers (decision 326).
    const cmp =
      typeof progress === 'number' && Number.isSafeInteger(l.threshold)
        ? progress < l.threshold
          ? -1
          : progress > l.threshold
            ? 1
            : 0
        : compareProgress(progress, l.exact);
    if (rank ? cmp > 0 : cmp < 0) break;
    (reached ??= []).push(l);
  }
  return reached ?? NONE;
}

/** The better of two progresses of a kind (the larger; of ranks the smaller, 0 meaning none). */
export function betterProgress(kind: CriteriaKind, a: Progress, b: Progress): Progress {
  if (ranked(kind)) {
    if (compareProgress(a, 0) === 0) return b;
    if (compareProgress(b, 0) === 0) return a;
    return compareProgress(a, b) <= 0 ? a : b;
  }
  return compareProgress(a, b) >= 0 ? a : b;
}

/** The threshold of the lowest level not unlocked yet (null: all are). */
export function nextThreshold(levels: readonly Level[], unlocked: ReadonlySet<number>): number | null {
  return levels.find((l) => !unlocked.has(l.level))?.threshold ?? null;
}
