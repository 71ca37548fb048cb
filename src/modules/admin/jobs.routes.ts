import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { AppError } from '../../http/errors.js';
import { errors } from '../../http/schemas.js';
import type { Job } from '../../platform/jobs/jobs.repository.js';
import { SYSTEM_PROJECT } from '../../platform/jobs/job-runner.js';

const JobParams = Type.Object({ jobId: Type.String({ minLength: 1, maxLength: 128 }) });
const JobState = Type.Object({
  jobId: Type.String(),
  kind: Type.String(),
  status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  processed: Type.Integer({ description: 'Units of work done so far (rows deleted for a user deletion)' }),
  createdAt: Type.Integer(),
});

const stateOf = (job: Job) => ({
  jobId: job.jobId,
  kind: job.kind,
  status: job.status,
  processed: job.processed,
  createdAt: job.createdAt,
});

/**
 * GET /admin/job/{jobId}: progress of a background job; POST …/retry queues a failed one again
 * (decision 215). The runner itself starts and stops with the services (services.ts).
 */
export async function jobsRoutes(app: App): Promise<void> {
  const { jobs } = app.services;
  /** A job of the project, or a system job (a project deletion belongs to no project: nothing of the project may remain). */
  const findJob = async (projectId: string, jobId: string) =>
    (await jobs.store.find(projectId, jobId)) ?? (await jobs.store.find(SYSTEM_PROJECT, jobId));

  app.get(
    '/admin/job/:jobId',
    {
      schema: {
        operationId: 'getJob',
        description:
          'The state and progress of a background job of the project in x-project-id (a user deletion), or of a job above ' +
          'projects (a project deletion).',
        tags: ['admin: jobs'],
        summary: 'Progress of a background job',
        security: [{ adminToken: [] }],
        params: JobParams,
        response: { 200: JobState, ...errors(400, 401, 404) },
      },
    },
    async (req) => {
      const job = await findJob(req.principal.projectId, req.params.jobId);
      if (!job) throw AppError.of('JOB_NOT_FOUND', req.params.jobId);
      return stateOf(job);
    },
  );

  app.post(
    '/admin/job/:jobId/retry',
    {
      schema: {
        operationId: 'retryJob',
        description:
          'Queues a failed job again, from where it stopped, with its attempts counted afresh (for example a user deletion that ' +
          'failed for a reason other than an unavailable store: those wait and retry by themselves). 409 JOB_NOT_FAILED unless ' +
          'the job is failed.',
        tags: ['admin: jobs'],
        summary: 'Retry a failed background job',
        security: [{ adminToken: [] }],
        params: JobParams,
        response: { 202: JobState, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => {
      const job = await findJob(req.principal.projectId, req.params.jobId);
      if (!job) throw AppError.of('JOB_NOT_FOUND', req.params.jobId);
      if (!(await jobs.retry(job.projectId, job.jobId))) {
        throw AppError.of('JOB_NOT_FAILED', `Job ${job.jobId} is ${job.status}: only a failed job can be retried`);
      }
      return reply.status(202).send(stateOf((await jobs.store.find(job.projectId, job.jobId))!));
    },
  );
}
