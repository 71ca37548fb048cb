import { Type } from 'typebox';
import type { App } from '../../app.js';
import { AppError } from '../../http/errors.js';
import { errors } from '../../http/schemas.js';

const JobParams = Type.Object({ jobId: Type.String({ minLength: 1, maxLength: 128 }) });
const JobState = Type.Object({
  jobId: Type.String(),
  kind: Type.String(),
  status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  processed: Type.Integer({ description: 'Units of work done so far (rows deleted for a user deletion)' }),
  createdAt: Type.Integer(),
});

/**
 * GET /admin/job/{jobId} (CONTRACT.md section 5), and the job runner's life cycle: it starts when
 * the app is ready and stops (handing its job back) before the store closes.
 */
export async function jobsRoutes(app: App): Promise<void> {
  const { jobs } = app.services;
  app.addHook('onReady', () => jobs.start());
  app.addHook('preClose', () => jobs.stop());

  app.get(
    '/admin/job/:jobId',
    {
      schema: {
        tags: ['admin: jobs'],
        summary: 'Progress of a background job',
        security: [{ adminToken: [] }],
        params: JobParams,
        response: { 200: JobState, ...errors(400, 401, 404) },
      },
    },
    async (req) => {
      const job = await jobs.store.find(req.principal.projectId, req.params.jobId);
      if (!job) throw AppError.notFound(`Job ${req.params.jobId} not found`, 'JOB_NOT_FOUND');
      return { jobId: job.jobId, kind: job.kind, status: job.status, processed: job.processed, createdAt: job.createdAt };
    },
  );
}
