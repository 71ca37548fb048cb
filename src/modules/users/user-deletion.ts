import { AppError } from '../../http/errors.js';
import type { Queryable } from '../../platform/db/database.js';
import { generateId } from '../../platform/ids.js';
import type { JobHandler, JobRunner } from '../../platform/jobs/job-runner.js';
import type { Job } from '../../platform/jobs/jobs.repository.js';
import type { Platform } from '../../platform/platform.js';
import type { UserDataOwner } from './user-data.js';
import { UsersRepository } from './users.repository.js';
import { DELETIONS_TOPIC } from './users.service.js';

export const USER_DELETION_JOB = 'user-deletion';

/**
 * DELETE /user/{userId}: marks the user (from then on it counts as not existing for new writes)
 * and queues a durable job in the same transaction. The job asks every UserDataOwner in turn to
 * delete a batch of the user's data until it answers 0; then it sweeps over every owner once more
 * (anything written behind the first pass, e.g. a leaderboard index entry set after its event's
 * commit); the user row's owner comes last and removes the row. Aggregates (analytics rollups)
 * are not user data and keep their counts.
 */
export class UserDeletionService implements JobHandler {
  readonly kind = USER_DELETION_JOB;
  /** The job's steps: every owner, every owner again (the final sweep), then the row. `payload.owner` indexes it. */
  private readonly sequence: readonly UserDataOwner[];

  constructor(
    private readonly platform: Platform,
    private readonly jobs: JobRunner,
    owners: readonly UserDataOwner[],
    rowOwner: UserDataOwner,
    /** Told when a deletion finished (the webhook `user.deleted`), before the job is marked done; must be idempotent. */
    private readonly onDeleted: ((projectId: string, userId: string, job: Job) => Promise<void>) | null = null,
    private readonly batchSize = 500,
  ) {
    this.sequence = [...owners, ...owners, rowOwner];
    jobs.register(this);
  }

  /**
   * Starts the deletion of a user, or finds the one under way; a deletion that failed is queued
   * again from where it stopped (decision 215). 404 when there is no such user.
   */
  async start(projectId: string, userId: string): Promise<{ jobId: string }> {
    const now = this.platform.clock.now();
    let marked = false;
    const jobId = await this.platform.db.kysely.transaction().execute(async (trx) => {
      const users = new UsersRepository(trx);
      if (await users.markDeleted(projectId, userId, now)) {
        marked = true;
        // From the mark on the user is not live: the count drops with it (decision 287).
        await users.addLive(projectId, -1);
        return this.enqueue(projectId, userId, now, trx);
      }
      const active = await this.jobs.store.findActive(projectId, USER_DELETION_JOB, userId, trx);
      if (active) return active.jobId;
      if ((await users.find(projectId, userId))?.deleted_at == null) return null;
      // Marked, and its job failed (or is gone): the same job again, or a new one.
      const failed = await this.jobs.store.findFailed(projectId, USER_DELETION_JOB, userId, trx);
      if (failed && (await this.jobs.store.retry(projectId, failed.jobId, now, trx))) return failed.jobId;
      return this.enqueue(projectId, userId, now, trx);
    });
    if (!jobId) throw AppError.of('USER_NOT_FOUND', userId);
    // Committed: every instance's reads of the user answer 404 from now on (users.service.ts).
    if (marked) await this.platform.bus.publish(DELETIONS_TOPIC, projectId);
    this.jobs.wake();
    return { jobId };
  }

  private async enqueue(projectId: string, userId: string, now: number, trx: Queryable): Promise<string> {
    const jobId = generateId('job');
    await this.jobs.store.enqueue({ jobId, projectId, kind: USER_DELETION_JOB, subject: userId, payload: { owner: 0 } }, now, trx);
    return jobId;
  }

  /** Where a deletion job stands: the owner its next step asks, and in which pass (null when done). */
  position(job: Job): { owner: string; pass: 'first' | 'sweep' | 'row' } | null {
    const index = Number(job.payload.owner ?? 0);
    const owner = this.sequence[index];
    if (!owner) return null;
    const passLength = (this.sequence.length - 1) / 2;
    return { owner: owner.userDataName, pass: index < passLength ? 'first' : index < 2 * passLength ? 'sweep' : 'row' };
  }

  async step(job: Job): Promise<{ processed: number; done: boolean }> {
    const index = Number(job.payload.owner ?? 0);
    const owner = this.sequence[index];
    if (!owner) return { processed: 0, done: true };
    const deleted = await owner.deleteUserData(job.projectId, job.subject!, this.batchSize);
    if (deleted === 0) job.payload = { ...job.payload, owner: index + 1 };
    const done = deleted === 0 && index + 1 >= this.sequence.length;
    if (done) await this.onDeleted?.(job.projectId, job.subject!, job);
    return { processed: deleted, done };
  }
}
