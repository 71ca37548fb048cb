import { expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { answer, createSurvey, OPTIONS } from './surveys.test-factory.js';

const JAN = Date.UTC(2026, 0, 15, 12);
const DAY = 86_400_000;

describeBackends('surveys: happy path', (t) => {
  it('lists active, valid, unanswered surveys with their fields', async () => {
    await t.setClock(JAN);
    await t.createUser('alice');
    await createSurvey(t, { validFrom: JAN - DAY, validUntil: JAN + DAY, description: 'Tell us' });
    await createSurvey(t, { surveyId: 'off', status: 'INACTIVE' });
    await createSurvey(t, { surveyId: 'soon', validFrom: JAN + DAY });
    await createSurvey(t, { surveyId: 'over', validFrom: JAN - 2 * DAY, validUntil: JAN - DAY });
    const res = await t.inject({ method: 'GET', url: '/v1/user/alice/survey', headers: await t.auth('alice') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        surveyId: 'fruit',
        title: 'Favourite fruit?',
        description: 'Tell us',
        type: 'SINGLE',
        validFrom: JAN - DAY,
        validUntil: JAN + DAY,
        options: OPTIONS,
        points: 20,
      },
    ]);
    await t.setClock(JAN + DAY);
    const later = await t.inject({ method: 'GET', url: '/user/alice/survey', headers: await t.auth('alice') });
    expect(later.json().map((s: { surveyId: string }) => s.surveyId)).toEqual(['soon']);
  });

  it('answers once with 201, awards the points with a SURVEY entry, and leaves the list', async () => {
    await t.setClock(JAN);
    await t.createUser('bob');
    await createSurvey(t);
    const res = await answer(t, 'bob', 'fruit', ['b']);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Survey answered', surveyId: 'fruit', userId: 'bob', pointsAwarded: 20 });
    const points = await t.inject({ method: 'GET', url: '/user/bob/points', headers: await t.auth('bob') });
    expect(points.json().points).toBe(20);
    expect(await t.app.services.points.ledgerSum('default', 'bob')).toBe(20);
    const entry = await t.app.platform.db.kysely.selectFrom('ledger').selectAll().where('user_id', '=', 'bob').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ type: 'SURVEY', source_id: 'fruit', points: 20 });
    expect(JSON.parse(entry.title)).toEqual({ de: 'Favourite fruit?', en: 'Favourite fruit?' });
    expect((await t.inject({ method: 'GET', url: '/user/bob/survey', headers: await t.auth('bob') })).json()).toEqual([]);
  });

  it('takes one or more distinct options in a MULTIPLE survey and counts answers per option', async () => {
    await createSurvey(t, { type: 'MULTIPLE', points: 0 });
    for (const u of ['c1', 'c2', 'c3']) await t.createUser(u);
    expect((await answer(t, 'c1', 'fruit', ['a', 'c'])).statusCode).toBe(201);
    expect((await answer(t, 'c2', 'fruit', ['c'])).statusCode).toBe(201);
    expect((await answer(t, 'c3', 'fruit', ['a', 'b', 'c'])).statusCode).toBe(201);
    const admin = await t.admin('GET', '/admin/survey/fruit');
    expect(admin.statusCode).toBe(200);
    expect(admin.json().statistics).toEqual({ answered: 3, options: { a: 2, b: 1, c: 3 } });
    // No points: no history entry.
    expect(await t.app.services.points.ledgerSum('default', 'c1')).toBe(0);
    const rows = await t.app.platform.db.kysely.selectFrom('ledger').selectAll().where('user_id', '=', 'c1').execute();
    expect(rows).toEqual([]);
  });

  it('lets the operator create, list, update and delete surveys', async () => {
    await t.setClock(JAN);
    const created = await createSurvey(t);
    expect(created).toMatchObject({
      surveyId: 'fruit',
      status: 'ACTIVE',
      validUntil: null,
      statistics: { answered: 0, options: { a: 0, b: 0, c: 0 } },
    });
    // validFrom defaults to the creation time (the test clock runs on from JAN).
    expect(created.validFrom).toBe(created.createdAt);
    expect(created.validFrom - JAN).toBeLessThan(60_000);
    expect((await t.admin('GET', '/admin/survey')).json()).toHaveLength(1);
    const put = await t.admin('PUT', '/admin/survey/fruit', {
      title: 'New?',
      type: 'MULTIPLE',
      options: [{ optionId: 'x', label: 'X' }],
      points: 5,
      status: 'INACTIVE',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      title: 'New?',
      type: 'MULTIPLE',
      points: 5,
      status: 'INACTIVE',
      validFrom: created.validFrom,
      options: [{ optionId: 'x', label: 'X' }],
    });
    expect((await t.admin('DELETE', '/admin/survey/fruit')).statusCode).toBe(204);
    expect((await t.admin('GET', '/admin/survey/fruit')).statusCode).toBe(404);
  });

  it('generates a survey id when omitted', async () => {
    const res = await t.admin('POST', '/admin/survey', { title: 'x', type: 'SINGLE', options: OPTIONS });
    expect(res.statusCode).toBe(201);
    expect(res.json().surveyId).toMatch(/^survey_[a-z0-9]{10}$/);
    expect(res.json().points).toBe(0);
  });

  it('removes the answers of a user through deleteUserData; the per-option counts stay', async () => {
    await createSurvey(t);
    await createSurvey(t, { surveyId: 'veg' });
    await t.createUser('dora');
    await answer(t, 'dora', 'fruit', ['a']);
    await answer(t, 'dora', 'veg', ['a']);
    const { surveys } = t.app.services;
    expect(await surveys.deleteUserData('default', 'dora', 1)).toBe(1);
    expect(await surveys.deleteUserData('default', 'dora', 5)).toBe(1);
    expect(await surveys.deleteUserData('default', 'dora', 5)).toBe(0);
    expect((await t.admin('GET', '/admin/survey/fruit')).json().statistics).toEqual({ answered: 1, options: { a: 1, b: 0, c: 0 } });
  });
});

describeBackends('surveys: concurrent answers', (t) => {
  it('30 simultaneous answers of one survey by one user: exactly one 201 and one payout', async () => {
    await t.createUser('eve');
    await createSurvey(t, { points: 15 });
    const results = await Promise.all(Array.from({ length: 30 }, () => answer(t, 'eve', 'fruit', ['a'])));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.every((r) => r.statusCode === 400 && r.json().code === 'SURVEY_ALREADY_ANSWERED')).toBe(true);
    const points = await t.inject({ method: 'GET', url: '/user/eve/points', headers: await t.auth('eve') });
    expect(points.json().points).toBe(15);
    expect(await t.app.services.points.ledgerSum('default', 'eve')).toBe(15);
    expect((await t.admin('GET', '/admin/survey/fruit')).json().statistics).toEqual({ answered: 1, options: { a: 1, b: 0, c: 0 } });
  });

  it('counts simultaneous answers of many users exactly', async () => {
    await createSurvey(t, { type: 'MULTIPLE', points: 1 });
    const users = Array.from({ length: 20 }, (_, i) => `m${i}`);
    for (const u of users) await t.createUser(u);
    const results = await Promise.all(users.map((u, i) => answer(t, u, 'fruit', i % 2 === 0 ? ['c', 'a'] : ['b'])));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect((await t.admin('GET', '/admin/survey/fruit')).json().statistics).toEqual({ answered: 20, options: { a: 10, b: 10, c: 10 } });
  });
});
