import { AppError } from '../../http/errors.js';
import type { Queryable } from '../../platform/db/database.js';
import { deleteProjectRows, tablesWithProjectId } from '../../platform/db/project-rows.sql.js';
import { generateId } from '../../platform/ids.js';
import { SYSTEM_PROJECT, type JobHandler, type JobRunner } from '../../platform/jobs/job-runner.js';
import type { Job } from '../../platform/jobs/jobs.repository.js';
import type { Platform } from '../../platform/platform.js';
import { ProjectsRepository } from './projects.repository.js';

export const PROJECT_DELETION_JOB = 'project-deletion';

/**
 * A module that keeps project data outside the SQL tables (Redis keys, memory of this process)
 * removes it when a project is deleted. Idempotent; an unavailable store makes the job wait.
 */
export interface ProjectDataOwner {
  readonly projectDataName: string;
  deleteProjectData(projectId: string): Promise<void>;
}

type Phase = 'tables' | 'sweep' | 'owners' | 'row';

/**
 * DELETE /admin/project/{id} (decision 216): marks the project, which from then on counts as not
 * existing (its tokens and API keys get 401, its x-project-id 404, its id cannot be created again),
 * and queues a job in the same transaction. The job (a system job: it must not leave a row of the
 * project behind) deletes the project's rows from every table that has a `project_id` column, in
 * batches; passes over them all once more (rows written by requests that were in flight at the
 * mark); asks every ProjectDataOwner to remove what it keeps elsewhere (Redis keys, boards held in
 * memory); then removes the project's row and drops every instance's caches.
 */
export class ProjectDeletionService implements JobHandler {
  readonly kind = PROJECT_DELETION_JOB;
  private readonly repo: ProjectsRepository;
  private tables: Promise<string[]> | null = null;

  constructor(
    private readonly platform: Platform,
    private readonly jobs: JobRunner,
    private readonly owners: readonly ProjectDataOwner[],
    private readonly batchSize = 5_000,
  ) {
    this.repo = new ProjectsRepository(platform.db.kysely);
    jobs.register(this);
  }

  /** Starts (or finds, or restarts after a failure) the deletion of a project. */
  async start(projectId: string): Promise<{ jobId: string }> {
    if (projectId === 'default') throw AppError.of('PROJECT_PROTECTED', 'The default project cannot be deleted');
    const now = this.platform.clock.now();
    const jobId = await this.platform.db.kysely.transaction().execute(async (trx) => {
      const repo = new ProjectsRepository(trx);
      if (await repo.markDeleted(projectId, now)) return this.enqueue(projectId, now, trx);
      if ((await repo.find(projectId))?.deleted_at == null) return null;
      const active = await this.jobs.store.findActive(SYSTEM_PROJECT, PROJECT_DELETION_JOB, projectId, trx);
      if (active) return active.jobId;
      const failed = await this.jobs.store.findFailed(SYSTEM_PROJECT, PROJECT_DELETION_JOB, projectId, trx);
      if (failed && (await this.jobs.store.retry(SYSTEM_PROJECT, failed.jobId, now, trx))) return failed.jobId;
      return this.enqueue(projectId, now, trx);
    });
    if (!jobId) throw AppError.of('PROJECT_NOT_FOUND', projectId);
    // Its tokens, keys and x-project-id stop working on every instance now.
    await this.platform.bus.publish('projects');
    this.jobs.wake();
    return { jobId };
  }

  private async enqueue(projectId: string, now: number, trx: Queryable): Promise<string> {
    const jobId = generateId('job');
    const payload = { phase: 'tables', table: 0 };
    await this.jobs.store.enqueue({ jobId, projectId: SYSTEM_PROJECT, kind: PROJECT_DELETION_JOB, subject: projectId, payload }, now, trx);
    return jobId;
  }

  async step(job: Job): Promise<{ processed: number; done: boolean }> {
    const projectId = job.subject!;
    const phase = (job.payload.phase ?? 'tables') as Phase;
    const move = (next: Partial<{ phase: Phase; table: number }>) => (job.payload = { ...job.payload, ...next });
    if (phase === 'tables' || phase === 'sweep') {
      const table = Number(job.payload.table ?? 0);
      const name = (await this.projectTables())[table];
      if (name === undefined) {
        move(phase === 'tables' ? { phase: 'sweep', table: 0 } : { phase: 'owners' });
        return { processed: 0, done: false };
      }
      const deleted = await deleteProjectRows(this.platform.db, name, projectId, this.batchSize);
      if (deleted < this.batchSize) move({ table: table + 1 });
      return { processed: deleted, done: false };
    }
    if (phase === 'owners') {
      for (const owner of this.owners) await owner.deleteProjectData(projectId);
      move({ phase: 'row' });
      return { processed: 0, done: false };
    }
    const removed = await this.repo.removeMarked(projectId);
    await this.platform.bus.publish('projects');
    // Caches of definitions, keys and profiles of a project that is gone: dropped on every instance,
    // so an id created again starts empty.
    await this.platform.bus.resetEverywhere();
    return { processed: removed, done: true };
  }

  /** Every table with a `project_id` column but `projects` itself (its row goes last). */
  private projectTables(): Promise<string[]> {
    this.tables ??= tablesWithProjectId(this.platform.db).then((names) => names.filter((n) => n !== 'projects'));
    this.tables.catch(() => (this.tables = null));
    return this.tables;
  }
}
