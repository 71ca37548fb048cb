import { beforeEach, expect, it } from 'vitest';
import { describeBackends, type TestContext } from '../../../test/helpers/test-app.js';

/** Makes the deletion job's steps fail with an error that is not an outage until the returned function is called. */
function breakDeletion(t: TestContext): () => void {
  const deletion = t.app.services.userDeletion;
  const step = deletion.step.bind(deletion);
  deletion.step = async () => {
    throw new Error('disk quota exceeded');
  };
  return () => {
    deletion.step = step;
  };
}

/** Runs the job runner until the job has failed: five attempts, the clock moved past each backoff. */
async function runUntilFailed(t: TestContext, jobId: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    await t.setClock(t.app.platform.clock.now() + 3_600_000);
    await t.app.services.jobs.runUntilIdle();
  }
  expect((await t.admin('GET', `/admin/job/${jobId}`)).json().status).toBe('failed');
}

describeBackends('user deletion: errors and security', (t) => {
  beforeEach(async () => {
    t.configure({ jobPollMs: 0 });
    await t.restart();
  });

  it('answers 404 for a user that does not exist, and queues nothing', async () => {
    const res = await t.inject({ method: 'DELETE', url: '/user/ghost', headers: await t.serviceAuth() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'USER_NOT_FOUND' });
    const jobs = await t.app.platform.db.kysely.selectFrom('jobs').select('job_id').where('kind', '=', 'user-deletion').execute();
    expect(jobs).toEqual([]);
  });

  it('refuses a user deleting another user with 403 and keeps that user', async () => {
    await t.createUser('alice');
    const res = await t.inject({ method: 'DELETE', url: '/user/alice', headers: await t.auth('mallory') });
    expect(res.statusCode).toBe(403);
    expect(await t.app.services.users.exists('default', 'alice')).toBe(true);
  });

  it('refuses a request without credentials with 401', async () => {
    await t.createUser('alice');
    expect((await t.inject({ method: 'DELETE', url: '/user/alice' })).statusCode).toBe(401);
  });

  it('refuses a malformed userId with 400', async () => {
    const res = await t.inject({ method: 'DELETE', url: '/user/a%20b', headers: await t.serviceAuth() });
    expect(res.statusCode).toBe(400);
  });

  it('does not delete a user of another project with the same id', async () => {
    expect((await t.admin('POST', '/admin/project', { projectId: 'other', name: 'Other' })).statusCode).toBe(201);
    await t.createUser('alice');
    await t.createUser('alice', 'other');
    const res = await t.inject({ method: 'DELETE', url: '/user/alice', headers: await t.serviceAuth('other') });
    expect(res.statusCode).toBe(200);
    await t.app.services.jobs.runUntilIdle();
    expect(await t.app.services.users.exists('default', 'alice')).toBe(true);
    expect(await t.app.services.users.exists('other', 'alice')).toBe(false);
    // The job belongs to its project: the default project's admin does not see it.
    expect((await t.admin('GET', `/admin/job/${res.json().jobId}`)).statusCode).toBe(404);
    expect((await t.admin('GET', `/admin/job/${res.json().jobId}`, undefined, 'other')).json().status).toBe('done');
  });

  it('answers GET /admin/job for an unknown job with 404 and refuses user tokens with 401', async () => {
    expect((await t.admin('GET', '/admin/job/job_nothing')).statusCode).toBe(404);
    await t.createUser('alice');
    const { jobId } = (await t.inject({ method: 'DELETE', url: '/user/alice', headers: await t.auth('alice') })).json();
    expect((await t.inject({ method: 'GET', url: `/admin/job/${jobId}`, headers: await t.auth('alice') })).statusCode).toBe(401);
  });

  it('queues a deletion that failed again with POST /admin/job/{jobId}/retry, and finishes it', async () => {
    await t.createUser('alice');
    const headers = await t.auth('alice');
    const { jobId } = (await t.inject({ method: 'DELETE', url: '/user/alice', headers })).json();
    const repair = breakDeletion(t);
    await runUntilFailed(t, jobId);
    // Failed, the user is still being deleted: reads 404, re-creation 409.
    expect((await t.inject({ method: 'GET', url: '/user/alice/points', headers })).statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: '/user', headers, payload: { userId: 'alice' } })).json().code).toBe(
      'USER_BEING_DELETED',
    );

    repair();
    const retried = await t.admin('POST', `/admin/job/${jobId}/retry`);
    expect(retried.statusCode).toBe(202);
    expect(retried.json()).toMatchObject({ jobId, kind: 'user-deletion', status: 'queued' });
    await t.app.services.jobs.runUntilIdle();
    expect((await t.admin('GET', `/admin/job/${jobId}`)).json().status).toBe('done');
    expect((await t.inject({ method: 'POST', url: '/user', headers, payload: { userId: 'alice' } })).statusCode).toBe(201);
  });

  it('queues a deletion that failed again on a new DELETE /user, with the same jobId', async () => {
    await t.createUser('bob');
    const headers = await t.serviceAuth();
    const { jobId } = (await t.inject({ method: 'DELETE', url: '/user/bob', headers })).json();
    const repair = breakDeletion(t);
    await runUntilFailed(t, jobId);
    repair();
    const again = await t.inject({ method: 'DELETE', url: '/user/bob', headers });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ userId: 'bob', jobId });
    expect((await t.admin('GET', `/admin/job/${jobId}`)).json().status).toBe('queued');
    await t.app.services.jobs.runUntilIdle();
    expect((await t.admin('GET', `/admin/job/${jobId}`)).json().status).toBe('done');
    expect(await t.app.services.users.beingDeleted('default', 'bob')).toBe(false);
  });

  it('retries only failed jobs of the project: 409 JOB_NOT_FAILED, 404 for another project, 401 without the admin token', async () => {
    await t.createUser('carol');
    const { jobId } = (await t.inject({ method: 'DELETE', url: '/user/carol', headers: await t.auth('carol') })).json();
    const queued = await t.admin('POST', `/admin/job/${jobId}/retry`);
    expect(queued.statusCode).toBe(409);
    expect(queued.json()).toMatchObject({ statusCode: 409, code: 'JOB_NOT_FAILED' });
    await t.app.services.jobs.runUntilIdle();
    expect((await t.admin('POST', `/admin/job/${jobId}/retry`)).json().code).toBe('JOB_NOT_FAILED');
    expect((await t.admin('POST', '/admin/job/job_nothing/retry')).json()).toMatchObject({ statusCode: 404, code: 'JOB_NOT_FOUND' });
    expect((await t.admin('POST', '/admin/project', { projectId: 'other', name: 'Other' })).statusCode).toBe(201);
    expect((await t.admin('POST', `/admin/job/${jobId}/retry`, undefined, 'other')).statusCode).toBe(404);
    const user = await t.inject({ method: 'POST', url: `/admin/job/${jobId}/retry`, headers: await t.serviceAuth() });
    expect(user.statusCode).toBe(401);
  });
});
