import type { JobHandler, JobRunner } from '../../platform/jobs/job-runner.js';
import type { Job } from '../../platform/jobs/jobs.repository.js';
import { AppError } from '../../http/errors.js';
import type { WritePath } from '../../write-path/write-path.js';
import { addDecimals, compareDecimals, conditionsHold, decimalText, parseDecimal, ZERO, type Decimal } from '../events/index.js';
import type { AchievementAwardUnit } from './achievements-batch.js';
import type { Achievement } from './achievement-rules.js';
import type { BackfillProgress } from './achievements.schemas.js';

/**
 * The backfill of an achievement (decision 278): a durable job that walks the project's live users
 * in id order, a page per step, works out from stored data how far each one already is, and sends
 * the page through the write path as `achievement-award` units, which unlock what the users
 * already meet (once per user and level, like any unlock) as of when they met it.
 */
export const BACKFILL_JOB = 'achievement-backfill';
const PAGE = 100;

/** What the backfill reads of other modules. */
export interface BackfillSources {
  achievement(projectId: string, achievementId: string): Promise<Achievement | null>;
  liveUsersAfter(projectId: string, after: string | null, limit: number): Promise<string[]>;
  /** The project's live users (the users module's kept count). */
  liveUsers(projectId: string): Promise<number>;
  storedEvents(
    projectId: string,
    eventId: string,
    userIds: readonly string[],
  ): Promise<Array<{ userId: string; occurredAt: number; metadata: Record<string, unknown>; qualifies: boolean }>>;
  longestRuns(projectId: string, streakId: string, userIds: readonly string[]): Promise<Map<string, number>>;
  completions(
    projectId: string,
    userIds: readonly string[],
  ): Promise<Array<{ userId: string; challengeId: string; seriesId: string | null; completedAt: number }>>;
}

/** How far a user is by stored data, and when it met each level (when the data says). */
export interface Met {
  progress: Decimal;
  metAt: Record<string, number>;
}

/** Adds `by` at time `at` to a user's running total, noting each level it reaches for the first time. */
export function advance(a: Achievement, met: Met, by: Decimal, at: number): void {
  met.progress = addDecimals(met.progress, by);
  for (const l of a.levels) {
    const key = String(l.level);
    if (met.metAt[key] === undefined && compareDecimals(met.progress, l.exact) >= 0) met.metAt[key] = at;
  }
}

const ONE: Decimal = { units: 1n, scale: 0 };

export class AchievementBackfill implements JobHandler {
  readonly kind = BACKFILL_JOB;

  constructor(
    private readonly jobs: JobRunner,
    private readonly writes: WritePath,
    private readonly sources: BackfillSources,
  ) {
    jobs.register(this);
  }

  /** Queues the backfill of an achievement; answers the job's id (GET /admin/job/{jobId}). */
  async start(projectId: string, achievementId: string): Promise<string> {
    const jobId = await this.jobs.enqueue({
      projectId,
      kind: BACKFILL_JOB,
      subject: achievementId,
      payload: { achievementId, after: null },
    });
    this.jobs.wake();
    return jobId;
  }

  /**
   * The progress of the achievement's latest backfill (GET /admin/achievement/{id}/backfill): its job's
   * state and the users it has checked, beside the project's live users now (the kept count, decision
   * 287: about what the whole walk checks). Null when the achievement was never backfilled (created
   * inactive) or the job is gone. 404 ACHIEVEMENT_NOT_FOUND for an unknown achievement.
   */
  async progress(projectId: string, achievementId: string): Promise<BackfillProgress> {
    const [a, job, liveUsers] = await Promise.all([
      this.sources.achievement(projectId, achievementId),
      this.jobs.store.findLatest(projectId, BACKFILL_JOB, achievementId),
      this.sources.liveUsers(projectId),
    ]);
    if (!a) throw AppError.of('ACHIEVEMENT_NOT_FOUND', achievementId);
    const backfill = job
      ? { jobId: job.jobId, status: job.status, usersChecked: job.processed, liveUsers, createdAt: job.createdAt }
      : null;
    return { achievementId, backfill };
  }

  async step(job: Job): Promise<{ processed: number; done: boolean }> {
    const { achievementId, after } = job.payload as { achievementId: string; after: string | null };
    const a = await this.sources.achievement(job.projectId, achievementId);
    if (!a || a.status !== 'ACTIVE') return { processed: 0, done: true };
    const users = await this.sources.liveUsersAfter(job.projectId, after, PAGE);
    if (users.length === 0) return { processed: 0, done: true };
    const met = await this.metBy(a, job.projectId, users);
    const units: AchievementAwardUnit[] = [];
    for (const userId of users) {
      const m = met.get(userId);
      if (a.criteria.kind !== 'lifetimeEarned' && (m === undefined || m.progress.units === 0n)) continue;
      units.push({
        kind: 'achievement-award',
        projectId: job.projectId,
        userId,
        achievementId,
        backfilled: true,
        progress: decimalText(m?.progress ?? ZERO),
        metAt: m?.metAt ?? {},
      });
    }
    // A unit of a user deleted meanwhile is refused alone; the others are applied.
    if (units.length > 0) await this.writes.submitGroup(units);
    job.payload = { achievementId, after: users[users.length - 1]! };
    return { processed: users.length, done: users.length < PAGE };
  }

  /** userId → how far the user is by stored data (lifetimeEarned: worked out in the write path itself). */
  private async metBy(a: Achievement, projectId: string, users: string[]): Promise<Map<string, Met>> {
    const out = new Map<string, Met>();
    const of = (userId: string) => {
      let m = out.get(userId);
      if (!m) out.set(userId, (m = { progress: ZERO, metAt: {} }));
      return m;
    };
    const c = a.criteria;
    switch (c.kind) {
      case 'eventCount':
      case 'metadataSum':
        for (const e of await this.sources.storedEvents(projectId, c.eventId!, users)) {
          if (!e.qualifies || !conditionsHold(c.conditions ?? null, e.metadata)) continue;
          const raw = c.kind === 'metadataSum' ? e.metadata[c.field!] : 1;
          const by = typeof raw === 'number' || typeof raw === 'string' ? parseDecimal(raw) : null;
          if (by !== null && by.units > 0n) advance(a, of(e.userId), by, e.occurredAt);
        }
        break;
      case 'streakLength':
        for (const [userId, longest] of await this.sources.longestRuns(projectId, c.streakId!, users)) {
          if (longest > 0) of(userId).progress = parseDecimal(longest) ?? ZERO;
        }
        break;
      case 'challengeCompleted':
        for (const done of await this.sources.completions(projectId, users)) {
          if (done.challengeId === c.challengeId || (c.seriesId !== undefined && done.seriesId === c.seriesId)) {
            advance(a, of(done.userId), ONE, done.completedAt);
          }
        }
        break;
      default:
        break;
    }
    return out;
  }
}
