import { AppError } from '../../platform/errors.js';
import type { JobHandler, JobRunner } from '../../platform/jobs/job-runner.js';
import type { Job } from '../../platform/jobs/jobs.repository.js';
import type { WritePath } from '../../write-path/write-path.js';
import type { StoredEvent, StoredPageQuery } from '../events/index.js';
import type { CampaignBackfillUnit } from './campaign-backfill-batch.js';
import { campaignMatches, type Campaign } from './campaign-rules.js';
import { checkPeriod, type AudienceHook } from './campaign-simulation.js';

/**
 * The backfill of a campaign (decision 322): a durable job that walks the project's stored events
 * of a period in (occurredAt, row id) order, a page per step, and sends those the campaign matches
 * through the write path as `campaign-backfill` units (campaign-backfill-batch.ts), which pay each
 * event at most once per campaign. The job's `processed` is the stored events read.
 */
export const CAMPAIGN_BACKFILL_JOB = 'campaign-backfill';
const PAGE = 500;

/** What the backfill reads of other modules. */
export interface CampaignBackfillSources {
  campaign(projectId: string, campaignId: string): Promise<Campaign | null>;
  storedEvents(projectId: string, q: StoredPageQuery): Promise<StoredEvent[]>;
}

interface Payload {
  campaignId: string;
  from: number;
  to: number;
  after: StoredPageQuery['after'];
}

export class CampaignBackfill implements JobHandler {
  readonly kind = CAMPAIGN_BACKFILL_JOB;
  private audience: AudienceHook | null = null;

  constructor(
    private readonly jobs: JobRunner,
    private readonly writes: WritePath,
    private readonly sources: CampaignBackfillSources,
  ) {
    jobs.register(this);
  }

  /** Sets who is in a segment (the segments module): a campaign with a segment pays its members as of each step. */
  useAudience(hook: AudienceHook): void {
    this.audience = hook;
  }

  /** Queues the backfill of [from, to); answers the job's id (GET /admin/job/{jobId}). */
  async start(projectId: string, campaignId: string, period: { from: number; to: number }): Promise<string> {
    checkPeriod(period.from, period.to);
    if (!(await this.sources.campaign(projectId, campaignId))) throw AppError.of('CAMPAIGN_NOT_FOUND', campaignId);
    const payload: Payload = { campaignId, from: period.from, to: period.to, after: null };
    const jobId = await this.jobs.enqueue({ projectId, kind: CAMPAIGN_BACKFILL_JOB, subject: campaignId, payload: { ...payload } });
    this.jobs.wake();
    return jobId;
  }

  async step(job: Job): Promise<{ processed: number; done: boolean }> {
    const p = job.payload as unknown as Payload;
    const c = await this.sources.campaign(job.projectId, p.campaignId);
    // A campaign deleted or made INACTIVE meanwhile pays nothing more; only its window is walked.
    if (!c || c.status !== 'ACTIVE') return { processed: 0, done: true };
    const from = Math.max(p.from, c.startAt);
    const to = Math.min(p.to, c.endAt);
    if (from >= to) return { processed: 0, done: true };
    const page = await this.sources.storedEvents(job.projectId, { from, to, eventIds: c.eventIds, after: p.after, limit: PAGE });
    const segmentId = (c as Campaign & { segmentId?: string | null }).segmentId ?? null;
    const matched = page.filter((e) => campaignMatches(c, e.eventId, e.metadata));
    const members =
      segmentId !== null && this.audience !== null && matched.length > 0
        ? await this.audience(job.projectId, segmentId, [...new Set(matched.map((e) => e.userId))])
        : null;
    const units: CampaignBackfillUnit[] = matched
      .filter((e) => members === null || members.has(e.userId))
      .map((event) => ({ kind: 'campaign-backfill', projectId: job.projectId, userId: event.userId, campaign: c, event }));
    // A unit of a user deleted meanwhile is refused alone; the others are applied.
    if (units.length > 0) await this.writes.submitGroup(units);
    const last = page[page.length - 1];
    if (last) job.payload = { ...p, after: { at: last.occurredAt, row: last.row } };
    return { processed: page.length, done: page.length < PAGE };
  }
}
