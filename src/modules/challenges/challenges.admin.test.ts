import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';

const T0 = Date.UTC(2026, 2, 10, 12);

describeSharedApp('challenges: admin API', (t) => {
  const body = { challengeId: 'buy3', title: { de: 'Drei Käufe', en: 'Three purchases' }, eventId: 'purchase', goal: 3, points: 50 };

  it('creates, reads, lists, replaces and deletes a challenge', async () => {
    await t.setClock(T0);
    const created = await t.admin('POST', '/admin/challenge', body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      challengeId: 'buy3',
      type: 'FIXED',
      goal: 3,
      points: 50,
      status: 'ACTIVE',
      seriesId: null,
      step: null,
      isLastStep: false,
      startDate: null,
      endDate: null,
      conditions: null,
      description: {},
    });
    expect((await t.admin('GET', '/admin/challenge/buy3')).json().title).toEqual({ de: 'Drei Käufe', en: 'Three purchases' });
    expect((await t.admin('GET', '/admin/challenge')).json().map((c: { challengeId: string }) => c.challengeId)).toEqual(['buy3']);
    const put = await t.admin('PUT', '/admin/challenge/buy3', { ...body, goal: 5, status: 'INACTIVE' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ goal: 5, status: 'INACTIVE' });
    expect((await t.admin('DELETE', '/admin/challenge/buy3')).statusCode).toBe(204);
    expect((await t.admin('GET', '/admin/challenge/buy3')).statusCode).toBe(404);
  });

  it('generates an id when none is given', async () => {
    const { challengeId: _omit, ...rest } = body;
    const res = await t.admin('POST', '/admin/challenge', rest);
    expect(res.statusCode).toBe(201);
    expect(res.json().challengeId).toMatch(/^ch_[a-z0-9]{10}$/);
  });

  it('answers 409 for a taken id and keeps the first challenge', async () => {
    await t.admin('POST', '/admin/challenge', body);
    const again = await t.admin('POST', '/admin/challenge', { ...body, goal: 9 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'CHALLENGE_EXISTS' });
    expect((await t.admin('GET', '/admin/challenge/buy3')).json().goal).toBe(3);
  });

  it('refuses invalid challenges with 400 and stores nothing', async () => {
    const bad = [
      { ...body, goal: 0 },
      { ...body, type: 'SUM' },
      { ...body, seriesId: 's1' },
      { ...body, step: 2 },
      { ...body, startDate: T0, endDate: T0 - 1 },
      { ...body, challengeId: 'bad id' },
      { ...body, type: 'OTHER' },
      { ...body, unknown: 1 },
      { ...body, title: 'plain' },
      { ...body, conditions: { type: 'AND', conditions: [{ field: 'amount', operator: 'near', value: 1 }] } },
      { title: body.title, goal: 3 },
    ];
    for (const payload of bad) {
      const res = await t.admin('POST', '/admin/challenge', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    expect((await t.admin('GET', '/admin/challenge')).json()).toEqual([]);
  });

  it('answers 404 for PUT and DELETE of an unknown challenge, and 400 for a mismatched id', async () => {
    expect((await t.admin('PUT', '/admin/challenge/nope', body)).statusCode).toBe(400);
    expect((await t.admin('PUT', '/admin/challenge/nope', { ...body, challengeId: 'nope' })).statusCode).toBe(404);
    expect((await t.admin('DELETE', '/admin/challenge/nope')).statusCode).toBe(404);
  });

  it('keeps projects apart', async () => {
    await t.admin('POST', '/admin/project', { projectId: 'other', name: 'Other' });
    await t.admin('POST', '/admin/challenge', body, 'other');
    expect((await t.admin('GET', '/admin/challenge')).json()).toEqual([]);
    expect((await t.admin('GET', '/admin/challenge/buy3')).statusCode).toBe(404);
    expect((await t.admin('GET', '/admin/challenge/buy3', undefined, 'other')).statusCode).toBe(200);
  });
});
