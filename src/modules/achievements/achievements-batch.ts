import { conditionsHold } from '../events/index.js';
import type { EventStagePart, PipelineEvent, PipelineOutcome } from '../events/index.js';
import { EARNING_TYPES, ledgerIn, lifetimeEarned } from '../points/index.js';
import { userKey, type WriteBatch, type WriteUnit } from '../../write-path/write-batch.js';
import { storeOwnedByOneProcess } from '../../platform/db/dialect-sql.js';
import { heldProgress, setHeldProgress } from './achievement-progress.js';
import type { ParsedProgressRows } from './parsed-progress-rows.js';
import { betterProgress, levelsReached, type Achievement } from './achievement-rules.js';
import { addProgress, compareProgress, positive, progressOf, type Progress } from './progress-value.js';
import { progressOfUsers, unlocksOfUsers, writeProgress } from './achievements.sql.js';
import { BatchUnlocks, levelSet, type Held } from './achievement-unlocks.js';

/**
 * An award to one user from outside an event: a backfill's (decision 278: the user already meets the
 * achievement by stored data) or a month close's (`boardRank`: the user's rank on the closed board).
 * The progress becomes the better of `progress` and the stored one (never worse) and the levels it
 * reaches are unlocked as of `metAt` (per level, when known); a backfilled unlock pays only when the
 * definition says `backfillPoints`.
 */
export interface AchievementAwardUnit extends WriteUnit {
  kind: 'achievement-award';
  achievementId: string;
  backfilled: boolean;
  /** Exact decimal text. */
  progress: string;
  /** Level → when the user met it (ms); a level not named is met now. */
  metAt: Record<string, number>;
}

declare module '../../write-path/write-batch.js' {
  interface WriteKinds {
    'achievement-award': { unit: AchievementAwardUnit; result: { unlocked: number[] } };
  }
}

/** Where the part reads the project's achievements (the service's cache; a miss reads on the batch's transaction). */
export type AchievementDefinitions = (batch: WriteBatch, projectId: string) => Promise<Achievement[]>;
/** Challenge → series of the project's challenges (challengeCompleted with a seriesId). */
export type ChallengeSeries = (batch: WriteBatch, projectId: string) => Promise<Map<string, string>>;

const EARNING = new Set<string>(EARNING_TYPES);

/**
 * The achievements' part of a batch (decision 276): the progress and unlocked levels of the batch's
 * users are read once; each event moves the progress of the achievements it touches in memory (and
 * what the stages before decided: streak counts, challenge completions, points earned), every level
 * reached is unlocked once with its points as an ACHIEVEMENT entry, and each table is written once.
 */
export class AchievementsBatch implements EventStagePart<'achievement-award'> {
  private readonly defs = new Map<string, Achievement[]>();
  /** `${projectId}\u0000${eventId}` → the achievements an event of that id may move, in id order (once per batch). */
  private readonly touching = new Map<string, Achievement[]>();
  private readonly series = new Map<string, Map<string, string>>();
  private readonly held = new Map<string, Held>();
  private readonly unlocks: BatchUnlocks;
  /** The current event's metadata fields parsed so far (metadataSum): field → decimal, null when not a number. */
  private readonly amounts = new Map<string, Progress | null>();
  /** How many ledger entries have been added to `earned` so far. */
  private ledgerSeen = 0;

  constructor(
    private readonly batch: WriteBatch,
    private readonly definitions: AchievementDefinitions,
    private readonly challengeSeries: ChallengeSeries,
    /** Rows parsed by earlier batches, by user (decision 326): taken only when the text read is theirs. */
    private readonly parsed: ParsedProgressRows,
  ) {
    this.unlocks = new BatchUnlocks(batch);
  }

  private async defsOf(projectId: string): Promise<Achievement[]> {
    let defs = this.defs.get(projectId);
    if (!defs) {
      // In id order: the order of `data.achievements` must not depend on when definitions were created.
      defs = (await this.definitions(this.batch, projectId))
        .filter((a) => a.status === 'ACTIVE')
        .sort((a, b) => (a.achievementId < b.achievementId ? -1 : a.achievementId > b.achievementId ? 1 : 0));
      this.defs.set(projectId, defs);
      if (defs.some((a) => a.criteria.kind === 'challengeCompleted' && a.criteria.seriesId !== undefined)) {
        this.series.set(projectId, await this.challengeSeries(this.batch, projectId));
      }
    }
    return defs;
  }

  async load(): Promise<void> {
    const keys = new Map<string, { project_id: string; user_id: string }>();
    for (const u of this.batch.units) {
      if (u.kind !== 'event' && u.kind !== 'achievement-award') continue;
      if ((await this.defsOf(u.projectId)).length === 0) continue;
      keys.set(userKey(u.projectId, u.userId), { project_id: u.projectId, user_id: u.userId });
    }
    if (keys.size === 0) return;
    // On a store one process owns, a user whose kept row is current is taken without reading (decision 329).
    const sole = storeOwnedByOneProcess(this.batch.session.dialect);
    const users: Array<{ project_id: string; user_id: string }> = [];
    for (const [key, k] of keys) {
      const earns = this.defs.get(k.project_id)!.some((a) => a.criteria.kind === 'lifetimeEarned' && countsPoints(a));
      const kept = sole ? this.parsed.take(key, this) : null;
      const h: Held = {
        projectId: k.project_id,
        userId: k.user_id,
        entries: kept?.entries ?? new Map(),
        stored: kept?.stored ?? false,
        changed: false,
        read: null,
        updatedAt: 0,
        unlocked: kept?.unlocked ?? new Map(),
        earned: earns ? 0 : null,
      };
      this.held.set(key, h);
      if (kept === null) users.push(k);
    }
    const earners = [...this.held.values()].filter((h) => h.earned !== null);
    const [progress, unlocked, earned] = await Promise.all([
      progressOfUsers.run(this.batch.session, users),
      unlocksOfUsers.run(this.batch.session, users),
      Promise.all(earners.map((h) => this.batch.session.all(lifetimeEarned, { projectId: h.projectId, userId: h.userId }))),
    ]);
    for (const r of unlocked) {
      const h = this.held.get(userKey(r.project_id, r.user_id))!;
      levelSet(h, r.achievement_id).add(Number(r.level));
    }
    const texts = new Map<string, string>();
    for (const r of progress) texts.set(userKey(r.project_id, r.user_id), r.progress);
    for (const k of users) {
      const key = userKey(k.project_id, k.user_id);
      const h = this.held.get(key)!;
      const text = texts.get(key);
      h.stored = text !== undefined;
      if (sole) h.entries = this.parsed.hold(key, this, text ?? null, h.unlocked);
      else if (text !== undefined) {
        h.entries = this.parsed.entries(key, text);
        h.read = text;
      }
    }
    earners.forEach((h, i) => (h.earned = Number(earned[i]![0]?.earned ?? 0)));
    // Entries the ledger decided while loading (pending credits released) are not in the stored sum yet.
    this.countEarnings();
  }

  /** Adds the ledger's new earning entries to their users' lifetime earnings. */
  private countEarnings(): void {
    const entries = ledgerIn(this.batch).entries;
    for (; this.ledgerSeen < entries.length; this.ledgerSeen++) {
      const e = entries[this.ledgerSeen]!;
      // Points only: lifetimeEarned achievements count the points currency (decision 302).
      if (e.points <= 0 || !EARNING.has(e.type) || (e.currency !== undefined && e.currency !== 'points')) continue;
      const h = this.held.get(userKey(e.projectId, e.userId));
      if (h && h.earned !== null) h.earned += e.points;
    }
  }

  applyEvent(event: PipelineEvent, outcome: PipelineOutcome): void {
    const h = this.held.get(userKey(event.projectId, event.userId));
    if (!h) return;
    this.countEarnings();
    this.amounts.clear();
    for (const a of this.touchedBy(event.projectId, event.eventId)) {
      const next = this.progressAfter(a, h, event, outcome);
      if (next === null) continue;
      this.setProgress(h, a, next, event.receivedAt);
      for (const level of levelsReached(a.criteria.kind, a.levels, next, h.unlocked.get(a.achievementId) ?? NO_LEVELS)) {
        const unlock = { held: h, achievement: a, level, at: event.receivedAt, backfilled: false };
        this.unlocks.unlock({ ...unlock, occurredAt: event.occurredAt, boardGroups: event.userGroups }, outcome);
      }
    }
  }

  /**
   * The project's achievements an event of `eventId` may move: those counting or summing that event,
   * and those reading what every event decides (points earned, streaks, challenges); not those of
   * other events, nor `boardRank` (decided at the month close). Worked out once per batch and event id.
   */
  private touchedBy(projectId: string, eventId: string): Achievement[] {
    const key = `${projectId}\u0000${eventId}`;
    let list = this.touching.get(key);
    if (!list) {
      list = this.defs.get(projectId)!.filter((a) => {
        const c = a.criteria;
        if (c.kind === 'eventCount' || c.kind === 'metadataSum') return c.eventId === eventId;
        return c.kind !== 'boardRank';
      });
      this.touching.set(key, list);
    }
    return list;
  }

  /** The achievement's progress after the event, or null when the event does not move it. */
  private progressAfter(a: Achievement, h: Held, event: PipelineEvent, outcome: PipelineOutcome): Progress | null {
    const c = a.criteria;
    const now = heldProgress(h.entries, a.achievementId, a.createdAt);
    switch (c.kind) {
      case 'eventCount':
      case 'metadataSum': {
        if (!event.qualifies || event.eventId !== c.eventId || !conditionsHold(c.conditions ?? null, event.metadata)) return null;
        if (c.kind === 'eventCount') return addProgress(now, 1);
        const value = this.amountOf(event, c.field!);
        return value !== null && positive(value) ? addProgress(now, value) : null;
      }
      case 'lifetimeEarned': {
        const earned = this.earned(h, a);
        return compareProgress(earned, now) === 0 ? null : earned;
      }
      case 'streakLength': {
        const s = outcome.streaks.find((x) => x.streakId === c.streakId);
        const count = s === undefined ? null : progressOf(s.currentCount);
        return count !== null && compareProgress(count, now) > 0 ? count : null;
      }
      case 'challengeCompleted': {
        const series = this.series.get(event.projectId);
        const done = outcome.challenges.filter(
          (x) =>
            x.completed && (x.challengeId === c.challengeId || (c.seriesId !== undefined && series?.get(x.challengeId) === c.seriesId)),
        ).length;
        return done === 0 ? null : addProgress(now, done);
      }
      default:
        return null;
    }
  }

  /** A metadata field of the event as an exact decimal, parsed once per event however many achievements sum it. */
  private amountOf(event: PipelineEvent, field: string): Progress | null {
    let value = this.amounts.get(field);
    if (value === undefined) {
      const raw = event.metadata[field];
      value = typeof raw === 'number' || typeof raw === 'string' ? progressOf(raw) : null;
      this.amounts.set(field, value);
    }
    return value;
  }

  /** An award: the progress becomes the better of the two, and what it reaches is unlocked. */
  apply(u: AchievementAwardUnit): { unlocked: number[] } {
    const ledger = ledgerIn(this.batch);
    ledger.requireLive(u.projectId, u.userId);
    const h = this.held.get(userKey(u.projectId, u.userId));
    const a = this.defs.get(u.projectId)?.find((x) => x.achievementId === u.achievementId);
    if (!h || !a) return { unlocked: [] };
    // Points earned in all are worked out here, behind the user's lock, from the ledger itself.
    const given = a.criteria.kind === 'lifetimeEarned' ? this.earned(h, a) : (progressOf(u.progress) ?? 0);
    const now = heldProgress(h.entries, a.achievementId, a.createdAt);
    const progress = betterProgress(a.criteria.kind, given, now);
    if (compareProgress(progress, now) !== 0) this.setProgress(h, a, progress, this.batch.now);
    const unlocked: number[] = [];
    for (const level of levelsReached(a.criteria.kind, a.levels, progress, levelSet(h, a.achievementId))) {
      const at = Math.min(u.metAt[String(level.level)] ?? this.batch.now, this.batch.now);
      this.unlocks.unlock(
        { held: h, achievement: a, level, at, backfilled: u.backfilled, occurredAt: this.batch.now, boardGroups: [] },
        null,
      );
      unlocked.push(level.level);
    }
    return { unlocked };
  }

  /**
   * A lifetimeEarned achievement's progress: the points earned in all, or the lifetime earnings of the
   * currency it names, as the ledger has decided them so far (decisions 276, 303).
   */
  private earned(h: Held, a: Achievement): Progress {
    const value = countsPoints(a) ? (h.earned ?? 0) : ledgerIn(this.batch).lifetimeIn(h.projectId, h.userId, a.criteria.currency!);
    return progressOf(value) ?? 0;
  }

  /** Moves a progress: its entry changes in place (decision 329); the row's text is made once per batch, when it is written. */
  private setProgress(h: Held, a: Achievement, value: Progress, at: number): void {
    setHeldProgress(h.entries, a.achievementId, value, a.createdAt);
    h.changed = true;
    if (at > h.updatedAt) h.updatedAt = at;
  }

  async write(): Promise<void> {
    // One row per user whose progress moved (decision 289), not one per achievement.
    const progress: Array<Parameters<typeof writeProgress.run>[1][number]> = [];
    for (const [key, h] of this.held) {
      if (!h.changed) {
        if (h.read !== null) this.parsed.release(key, h.entries, h.read);
        continue;
      }
      const text = this.parsed.write(key, h.entries);
      progress.push({ exists: h.stored, row: { project_id: h.projectId, user_id: h.userId, progress: text, updated_at: h.updatedAt } });
    }
    await Promise.all([writeProgress.later(this.batch.session, progress), this.unlocks.write()]);
  }

  /** The rows this batch took are what is stored now (a store one process owns: the next batch need not read them). */
  async afterCommit(): Promise<void> {
    for (const key of this.held.keys()) this.parsed.committed(key, this);
  }
}

const NO_LEVELS: ReadonlySet<number> = new Set();

/** Whether a lifetimeEarned achievement counts points (no currency named, or `points`). */
function countsPoints(a: Achievement): boolean {
  return a.criteria.currency === undefined || a.criteria.currency === 'points';
}
