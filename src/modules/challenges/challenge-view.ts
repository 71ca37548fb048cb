import { conditionsHold } from '../events/index.js';
import { parseDecimal, ZERO, type Decimal } from '../events/index.js';
import type { ChallengeDefinition, UserChallenge } from './challenges.schemas.js';

const ONE: Decimal = { units: 1n, scale: 0 };

/**
 * The rules of what a user sees and what an event advances, as pure functions. A challenge is
 * listed when it is ACTIVE, has started, and (series) the step before it is completed; an open one
 * past its endDate shows EXPIRED. Inactive steps are skipped in a series' order.
 */
export interface Challenge extends ChallengeDefinition {
  /** When the challenge last became ACTIVE, ms. */
  activatedAt: number | null;
}

export interface Progress {
  progress: number;
  completedAt: number | null;
}

export type ProgressMap = ReadonlyMap<string, Progress>;

/** challengeId → the ACTIVE step right before it in its series (absent for first steps and singles). */
export function predecessors(challenges: readonly Challenge[]): Map<string, string> {
  const bySeries = new Map<string, Challenge[]>();
  for (const c of challenges) {
    if (c.status !== 'ACTIVE' || c.seriesId === null || c.step === null) continue;
    const list = bySeries.get(c.seriesId) ?? [];
    list.push(c);
    bySeries.set(c.seriesId, list);
  }
  const result = new Map<string, string>();
  for (const steps of bySeries.values()) {
    steps.sort((a, b) => a.step! - b.step! || a.challengeId.localeCompare(b.challengeId));
    for (let i = 1; i < steps.length; i++) result.set(steps[i]!.challengeId, steps[i - 1]!.challengeId);
  }
  return result;
}

/** The highest ACTIVE step of each series (isLastStep when the operator did not mark one). */
function lastSteps(challenges: readonly Challenge[]): Set<string> {
  const best = new Map<string, Challenge>();
  for (const c of challenges) {
    if (c.status !== 'ACTIVE' || c.seriesId === null || c.step === null) continue;
    const current = best.get(c.seriesId);
    if (!current || c.step > current.step!) best.set(c.seriesId, c);
  }
  return new Set([...best.values()].map((c) => c.challengeId));
}

export function isUnlocked(challengeId: string, preds: ReadonlyMap<string, string>, progress: ProgressMap): boolean {
  const pred = preds.get(challengeId);
  return pred === undefined || progress.get(pred)?.completedAt != null;
}

/** Whether the challenge is visible at `now` (active, started, unlocked). */
export function isListed(c: Challenge, now: number, preds: ReadonlyMap<string, string>, progress: ProgressMap): boolean {
  return c.status === 'ACTIVE' && (c.startDate === null || now >= c.startDate) && isUnlocked(c.challengeId, preds, progress);
}

export function userChallenge(c: Challenge, p: Progress | undefined, now: number, isLast: boolean): UserChallenge {
  const completed = p?.completedAt != null;
  const expired = !completed && c.endDate !== null && now > c.endDate;
  return {
    challengeId: c.challengeId,
    status: completed ? 'COMPLETED' : expired ? 'EXPIRED' : 'ACTIVE',
    goal: c.goal,
    points: c.points,
    title: c.title,
    description: c.description,
    type: c.type,
    progress: p?.progress ?? 0,
    completed,
    completedDate: completed ? new Date(p!.completedAt!).toISOString() : null,
    seriesId: c.seriesId,
    step: c.step,
    isLastStep: c.isLastStep || isLast,
    eventId: c.eventId,
    startDate: c.startDate,
    endDate: c.endDate,
    image: c.image,
  };
}

/** Every challenge the user sees at `now`, in the configured order. */
export function userChallenges(challenges: readonly Challenge[], progress: ProgressMap, now: number): UserChallenge[] {
  const preds = predecessors(challenges);
  const last = lastSteps(challenges);
  return challenges
    .filter((c) => isListed(c, now, preds, progress))
    .map((c) => userChallenge(c, progress.get(c.challengeId), now, last.has(c.challengeId)));
}

/**
 * How much an event advances an open, unlocked challenge: FIXED 1, SUM the positive value of
 * `valueField` (a number or numeric string) as the decimal written (decision 190); zero when the
 * event falls outside [startDate, endDate], arrives after endDate, or fails the conditions.
 */
export function progressIncrement(c: Challenge, metadata: Record<string, unknown>, occurredAt: number, receivedAt: number): Decimal {
  if (c.startDate !== null && occurredAt < c.startDate) return ZERO;
  if (c.endDate !== null && (occurredAt > c.endDate || receivedAt > c.endDate)) return ZERO;
  if (!conditionsHold(c.conditions, metadata)) return ZERO;
  if (c.type !== 'SUM') return ONE;
  const raw = c.valueField === null ? undefined : metadata[c.valueField];
  // Numeric strings count, as for the reward of TRANSACTION events.
  const value = typeof raw === 'number' || typeof raw === 'string' ? parseDecimal(raw) : null;
  return value !== null && value.units > 0n ? value : ZERO;
}

/** The stored progress of a row: the exact decimal text when written (null on rows from before it). */
export function storedProgress(exact: string | null, progress: number | string): Decimal {
  return (exact === null ? null : parseDecimal(exact)) ?? parseDecimal(Number(progress)) ?? ZERO;
}

/**
 * The latest time a challenge opened for the user or was completed by the user, not after `now`
 * (the notification flag hasUnseenChallenges). A challenge opens at the latest of its activation,
 * its startDate and the completion of the step before it.
 */
export function lastChallengeActivity(challenges: readonly Challenge[], progress: ProgressMap, now: number): number | null {
  const preds = predecessors(challenges);
  let latest: number | null = null;
  const seen = (t: number | null | undefined) => {
    if (t != null && t <= now && (latest === null || t > latest)) latest = t;
  };
  for (const p of progress.values()) seen(p.completedAt);
  for (const c of challenges) {
    if (!isListed(c, now, preds, progress)) continue;
    const pred = preds.get(c.challengeId);
    seen(Math.max(c.activatedAt ?? c.createdAt, c.startDate ?? 0, pred ? progress.get(pred)!.completedAt! : 0));
  }
  return latest;
}
