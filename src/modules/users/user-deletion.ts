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
 * delete a batch of the user's data until it answers 0; the users owner comes last and removes
 * the row. Aggregates (analytics rollups) are not user data and keep their counts.
 */
export class UserDeletionService implements JobHandler {
  readonly kind = USER_DELETION_JOB;

  constructor(
    private readonly platform: Platform,
    private readonly jobs: JobRunner,
    private readonly owners: readonly UserDataOwner[],
    private readonly batchSize = 500,
  ) {
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
    if (!jobId) throw AppError.notFound(`User ${userId} not found`, 'USER_NOT_FOUND');
    this.jobs.wake();
    return { jobId };
  }

  async step(job: Job): Promise<{ processed: number; done: boolean }> {
    const index = Number(job.payload.owner ?? 0);
    const owner = this.owners[index];
    if (!owner) return { processed: 0, done: true };
    const deleted = await owner.deleteUserData(job.projectId, job.subject!, this.batchSize);
    if (deleted === 0) job.payload = { ...job.payload, owner: index + 1 };
    return { processed: deleted, done: deleted === 0 && index + 1 >= this.owners.length };
  }
}
