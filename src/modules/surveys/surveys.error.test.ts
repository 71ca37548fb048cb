import { expect, it } from 'vitest';
import { describeBackends, type TestContext } from '../../../test/helpers/test-app.js';
import { answer, createSurvey } from './surveys.test-factory.js';

const JAN = Date.UTC(2026, 0, 15, 12);

async function expectNothingChanged(t: TestContext, userId: string) {
  const points = await t.inject({ method: 'GET', url: `/user/${userId}/points`, headers: await t.auth(userId) });
  expect(points.json().points).toBe(0);
  const answers = await t.app.platform.db.kysely.selectFrom('survey_answers').selectAll().where('user_id', '=', userId).execute();
  expect(answers).toEqual([]);
  const counts = await t.app.platform.db.kysely.selectFrom('survey_option_counts').selectAll().execute();
  expect(counts).toEqual([]);
}

describeBackends('surveys: refusals', (t) => {
  it('refuses a second answer with 400 and pays once', async () => {
    await t.createUser('alice');
    await createSurvey(t);
    expect((await answer(t, 'alice', 'fruit', ['a'])).statusCode).toBe(201);
    const again = await answer(t, 'alice', 'fruit', ['b']);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ statusCode: 400, code: 'SURVEY_ALREADY_ANSWERED' });
    expect(await t.app.services.points.ledgerSum('default', 'alice')).toBe(20);
  });

  it('refuses invalid options, a SINGLE with more than one, duplicates, and none', async () => {
    await t.createUser('bob');
    await createSurvey(t);
    await createSurvey(t, { surveyId: 'multi', type: 'MULTIPLE' });
    const cases: Array<[string, unknown, string]> = [
      ['fruit', ['z'], 'INVALID_OPTION'],
      ['fruit', ['a', 'b'], 'INVALID_RESPONSE_COUNT'],
      ['fruit', [], 'INVALID_RESPONSE_COUNT'],
      ['multi', ['a', 'a'], 'DUPLICATE_OPTION'],
      ['multi', ['a', 'z'], 'INVALID_OPTION'],
      ['multi', [], 'INVALID_RESPONSE_COUNT'],
    ];
    for (const [surveyId, responses, code] of cases) {
      const res = await answer(t, 'bob', surveyId, responses);
      expect(res.statusCode, JSON.stringify(responses)).toBe(400);
      expect(res.json().code).toBe(code);
    }
    await expectNothingChanged(t, 'bob');
  });

  it('refuses missing fields and a body that does not match the path with 400', async () => {
    await t.createUser('carol');
    await createSurvey(t);
    const headers = await t.auth('carol');
    const bodies = [
      { surveyId: 'fruit', responses: ['a'] },
      { userId: 'carol', responses: ['a'] },
      { userId: 'carol', surveyId: 'fruit' },
      { userId: 'carol', surveyId: 'fruit', responses: 'a' },
      { userId: 'carol', surveyId: 'other', responses: ['a'] },
      { userId: 'carol', surveyId: 'fruit', responses: ['a'], extra: true },
    ];
    for (const body of bodies) {
      const res = await answer(t, 'carol', 'fruit', null, headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const mismatch = await answer(t, 'carol', 'fruit', null, await t.serviceAuth(), {
      userId: 'someone',
      surveyId: 'fruit',
      responses: ['a'],
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().code).toBe('USER_MISMATCH');
    await expectNothingChanged(t, 'carol');
  });

  it('answers 404 for an unknown survey and for an unknown user', async () => {
    await t.createUser('dan');
    await createSurvey(t);
    const res = await answer(t, 'dan', 'nope', ['a']);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('SURVEY_NOT_FOUND');
    const ghost = await answer(t, 'ghost', 'fruit', ['a']);
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json().code).toBe('USER_NOT_FOUND');
  });

  it('refuses answers to an inactive, not yet open or closed survey with 400', async () => {
    await t.setClock(JAN);
    await t.createUser('erin');
    await createSurvey(t, { surveyId: 'off', status: 'INACTIVE' });
    await createSurvey(t, { surveyId: 'soon', validFrom: JAN + 60_000 });
    await createSurvey(t, { surveyId: 'ends', validFrom: JAN - 60_000, validUntil: JAN + 60_000 });
    for (const id of ['off', 'soon']) expect((await answer(t, 'erin', id, ['a'])).json().code).toBe('SURVEY_NOT_AVAILABLE');
    await t.setClock(JAN + 60_000);
    expect((await answer(t, 'erin', 'ends', ['a'])).json().code).toBe('SURVEY_NOT_AVAILABLE');
    expect((await answer(t, 'erin', 'soon', ['a'])).statusCode).toBe(201);
  });

  it('refuses bad admin bodies with 400 and a taken id with 409', async () => {
    await createSurvey(t);
    const bad = [
      { title: 'x', type: 'SINGLE', options: [] },
      { title: 'x', type: 'RANKED', options: [{ optionId: 'a', label: 'A' }] },
      {
        title: 'x',
        type: 'SINGLE',
        options: [
          { optionId: 'a', label: 'A' },
          { optionId: 'a', label: 'B' },
        ],
      },
      { title: 'x', type: 'SINGLE', options: [{ optionId: 'a', label: 'A' }], validFrom: 10, validUntil: 5 },
      { title: 'x', type: 'SINGLE', options: [{ optionId: 'a', label: 'A' }], points: -1 },
      { type: 'SINGLE', options: [{ optionId: 'a', label: 'A' }] },
    ];
    for (const body of bad) expect((await t.admin('POST', '/admin/survey', body)).statusCode, JSON.stringify(body)).toBe(400);
    const taken = await t.admin('POST', '/admin/survey', {
      surveyId: 'fruit',
      title: 'x',
      type: 'SINGLE',
      options: [{ optionId: 'a', label: 'A' }],
    });
    expect(taken.statusCode).toBe(409);
    expect((await t.admin('GET', '/admin/survey')).json()).toHaveLength(1);
    expect(
      (await t.admin('PUT', '/admin/survey/nope', { title: 'x', type: 'SINGLE', options: [{ optionId: 'a', label: 'A' }] })).statusCode,
    ).toBe(404);
  });
});
