import { AppError } from '../../http/errors.js';
import { generateId } from '../../platform/ids.js';
import type { JobHandler, JobRunner } from '../../platform/jobs/job-runner.js';
import type { Job } from '../../platform/jobs/job-store.js';
import type { Platform } from '../../platform/platform.js';
import type { UserDataOwner } from './user-data.js';
import { UsersRepository } from './users.repository.js';

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

  /** Starts (or finds the running) deletion of a user; 404 when there is no such user. */
  async start(projectId: string, userId: string): Promise<{ jobId: string }> {
    const now = this.platform.clock.now();
    const jobId = await this.platform.db.kysely.transaction().execute(async (trx) => {
      if (await new UsersRepository(trx).markDeleted(projectId, userId, now)) {
        const id = generateId('job');
        await this.jobs.store.enqueue({ jobId: id, projectId, kind: USER_DELETION_JOB, subject: userId, payload: { owner: 0 } }, now, trx);
        return id;
      }
      return (await this.jobs.store.findActive(projectId, USER_DELETION_JOB, userId, trx))?.jobId ?? null;
    });
    if (!jobId) throw AppError.of('USER_NOT_FOUND', userId);
    this.jobs.wake();
    return { jobId };
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
