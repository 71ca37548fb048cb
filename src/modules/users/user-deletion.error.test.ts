import { beforeEach, expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';

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
});
