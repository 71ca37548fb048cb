import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { answer, createSurvey } from './surveys.test-factory.js';

describeSharedApp('surveys: security', (t) => {
  it('needs a token (401)', async () => {
    expect((await t.inject({ method: 'GET', url: '/user/alice/survey' })).statusCode).toBe(401);
    expect(
      (
        await t.inject({
          method: 'PUT',
          url: '/user/alice/survey/fruit',
          payload: { userId: 'alice', surveyId: 'fruit', responses: ['a'] },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("refuses another user's token in the path or the body (403) and pays nothing", async () => {
    await t.createUser('alice');
    await createSurvey(t);
    const mallory = await t.auth('mallory');
    expect((await t.inject({ method: 'GET', url: '/user/alice/survey', headers: mallory })).statusCode).toBe(403);
    expect((await answer(t, 'alice', 'fruit', ['a'], mallory)).statusCode).toBe(403);
    expect((await answer(t, 'mallory', 'fruit', null, mallory, { userId: 'alice', surveyId: 'fruit', responses: ['a'] })).statusCode).toBe(
      403,
    );
    expect(await t.app.services.points.ledgerSum(t.projectId, 'alice')).toBe(0);
  });

  it('refuses user tokens on /admin/survey (401)', async () => {
    expect((await t.inject({ method: 'GET', url: '/admin/survey', headers: await t.auth('alice') })).statusCode).toBe(401);
  });

  it("keeps projects apart: another project's survey is neither listed nor answerable", async () => {
    await t.admin('POST', '/admin/project', { projectId: 'other', name: 'Other' });
    await createSurvey(t, {}, 'other');
    await t.createUser('alice');
    const headers = await t.auth('alice');
    expect((await t.inject({ method: 'GET', url: '/user/alice/survey', headers })).json()).toEqual([]);
    expect((await answer(t, 'alice', 'fruit', ['a'])).statusCode).toBe(404);
  });
});
