import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { claimOnPostgres } from '../db/dialect-sql.js';
import type { JobsTable } from './jobs.tables.js';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** A job as the runner and its handlers see it. */
export interface Job {
  jobId: string;
  projectId: string;
  kind: string;
  subject: string | null;
  payload: Record<string, unknown>;
  status: JobStatus;
  processed: number;
  attempts: number;
  createdAt: number;
}

export interface NewJob {
  jobId: string;
  projectId: string;
  kind: string;
  subject?: string | null;
  payload?: Record<string, unknown>;
  dedupKey?: string | null;
}

const toJob = (r: JobsTable): Job => ({
  jobId: r.job_id,
  projectId: r.project_id,
  kind: r.kind,
  subject: r.subject,
  payload: JSON.parse(r.payload) as Record<string, unknown>,
  status: r.status as JobStatus,
  processed: Number(r.processed),
  attempts: Number(r.attempts),
  createdAt: Number(r.created_at),
});

/**
 * SQL of the job table. A claim is one UPDATE of the oldest claimable row: on PostgreSQL its row is
 * picked `FOR UPDATE SKIP LOCKED`, so instances never claim the same job; SQLite has one process.
 * A running job whose lease has passed (its runner died) is claimable again.
 */
export class JobStore {
  constructor(private readonly db: Database) {}

  private get k() {
    return this.db.kysely;
  }

  /** Inserts a job; with a dedupKey that exists already, nothing happens (returns false). */
  async enqueue(job: NewJob, now: number, trx = this.k): Promise<boolean> {
    const r = await trx
      .insertInto('jobs')
      .values({
        job_id: job.jobId,
        project_id: job.projectId,
        kind: job.kind,
        subject: job.subject ?? null,
        payload: JSON.stringify(job.payload ?? {}),
        status: 'queued',
        processed: 0,
        attempts: 0,
        dedup_key: job.dedupKey ?? null,
        run_after: now,
        locked_by: null,
        locked_until: null,
        error: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async claim(kinds: string[], runnerId: string, now: number, leaseMs: number): Promise<Job | null> {
    if (kinds.length === 0) return null;
    let pick = this.k
      .selectFrom('jobs')
      .select('job_id')
      .where('kind', 'in', kinds)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
        ]),
      )
      .orderBy('run_after')
      .orderBy('created_at')
      .limit(1);
    pick = claimOnPostgres(pick, this.db.dialect);
    const row = await this.k
      .updateTable('jobs')
      .set({ status: 'running', locked_by: runnerId, locked_until: now + leaseMs, attempts: sql<number>`attempts + 1`, updated_at: now })
      .where('job_id', '=', pick)
      .returningAll()
      .executeTakeFirst();
    return row ? toJob(row) : null;
  }

  /** Records a step's progress and renews the lease (only while this runner holds the job). */
  async checkpoint(job: Job, runnerId: string, now: number, leaseMs: number): Promise<void> {
    await this.k
      .updateTable('jobs')
      .set({ processed: job.processed, payload: JSON.stringify(job.payload), locked_until: now + leaseMs, updated_at: now })
      .where('job_id', '=', job.jobId)
      .where('locked_by', '=', runnerId)
      .execute();
  }

  async finish(
    job: Job,
    runnerId: string,
    status: 'done' | 'failed' | 'queued',
    now: number,
    extra: { error?: string; runAfter?: number; attempts?: number } = {},
  ): Promise<void> {
    await this.k
      .updateTable('jobs')
      .set({
        status,
        ...(extra.attempts === undefined ? {} : { attempts: Math.max(0, extra.attempts) }),
        processed: job.processed,
        payload: JSON.stringify(job.payload),
        locked_by: null,
        locked_until: null,
        error: extra.error ?? null,
        run_after: extra.runAfter ?? now,
        updated_at: now,
      })
      .where('job_id', '=', job.jobId)
      .where('locked_by', '=', runnerId)
      .execute();
  }

  /** Queues a failed job again, its attempts counted afresh; false when the job is not `failed`. */
  async retry(projectId: string, jobId: string, now: number, trx = this.k): Promise<boolean> {
    const r = await trx
      .updateTable('jobs')
      .set({ status: 'queued', attempts: 0, error: null, run_after: now, locked_by: null, locked_until: null, updated_at: now })
      .where('project_id', '=', projectId)
      .where('job_id', '=', jobId)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** The latest failed job of a kind about a subject (a user whose deletion failed), if any. */
  async findFailed(projectId: string, kind: string, subject: string, trx = this.k): Promise<Job | null> {
    const row = await trx
      .selectFrom('jobs')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('kind', '=', kind)
      .where('subject', '=', subject)
      .where('status', '=', 'failed')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row ? toJob(row) : null;
  }

  /** SQLite only (one process owns the file): jobs left running by a crash are queued again at start. */
  async requeueAbandoned(now: number): Promise<void> {
    await this.k
      .updateTable('jobs')
      .set({ status: 'queued', locked_by: null, locked_until: null, updated_at: now })
      .where('status', '=', 'running')
      .execute();
  }

  async find(projectId: string, jobId: string): Promise<Job | null> {
    const row = await this.k
      .selectFrom('jobs')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('job_id', '=', jobId)
      .executeTakeFirst();
    return row ? toJob(row) : null;
  }

  /** The job of a kind about a subject queued last, whatever its state (an achievement's latest backfill), if any. */
  async findLatest(projectId: string, kind: string, subject: string): Promise<Job | null> {
    const row = await this.k
      .selectFrom('jobs')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('kind', '=', kind)
      .where('subject', '=', subject)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row ? toJob(row) : null;
  }

  /** The unfinished job of a kind about a subject (e.g. the deletion of a user), if any. */
  async findActive(projectId: string, kind: string, subject: string, trx = this.k): Promise<Job | null> {
    const row = await trx
      .selectFrom('jobs')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('kind', '=', kind)
      .where('subject', '=', subject)
      .where('status', 'in', ['queued', 'running'])
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row ? toJob(row) : null;
  }
}
