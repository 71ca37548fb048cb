import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';

const title = { default: 'Gold', de: 'Gold' };

describeSharedApp('user groups: refusals', (t) => {
  const post = async (payload: unknown) =>
    t.inject({ method: 'POST', url: '/usergroup', headers: await t.auth('u'), payload: payload as object });

  it('answers 409 with statusCode and a message naming the id, keeping the existing group', async () => {
    await post({ title, userGroupId: 'gold' });
    const res = await post({ title: { default: 'Other', de: 'Andere' }, userGroupId: 'gold' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ statusCode: 409, message: expect.stringContaining('gold'), code: 'USERGROUP_EXISTS' });
    expect((await t.admin('GET', '/admin/usergroup/gold')).json().title).toEqual(title);
  });

  it('refuses the reserved id default', async () => {
    const res = await post({ title, userGroupId: 'default' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('RESERVED_ID');
  });

  it.each([
    ['forbidden characters', { title, userGroupId: 'gold members' }],
    ['a slash', { title, userGroupId: 'a/b' }],
    ['a non-ASCII letter', { title, userGroupId: 'grün' }],
    ['an id of 129 characters', { title, userGroupId: 'a'.repeat(129) }],
    ['an empty id', { title, userGroupId: '' }],
    ['a missing title', { userGroupId: 'x' }],
    ['a title without de', { title: { default: 'G' } }],
    ['a title without default', { title: { de: 'G' } }],
    ['a title that is a string', { title: 'Gold' }],
    ['a title value that is a number', { title: { default: 'G', de: 5 } }],
    ['an unknown title language', { title: { default: 'G', de: 'G', fr: 'G' } }],
    ['an unknown body field', { title, colour: 'gold' }],
  ])('refuses %s with 400 and changes nothing', async (_name, payload) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: expect.any(String), message: expect.any(String) });
    expect((await t.admin('GET', '/admin/usergroup')).json()).toEqual([]);
  });

  it('accepts an id of exactly 128 characters', async () => {
    expect((await post({ title, userGroupId: 'a'.repeat(128) })).statusCode).toBe(201);
  });

  it('refuses anonymous access with 401', async () => {
    const res = await t.inject({ method: 'POST', url: '/usergroup', payload: { title } });
    expect(res.statusCode).toBe(401);
    const badKey = await t.inject({ method: 'POST', url: '/usergroup', headers: { 'x-api-key': 'lrl_nope' }, payload: { title } });
    expect(badKey.statusCode).toBe(401);
  });

  it('answers 404 for an unknown group in the admin API and 400 for an id mismatch', async () => {
    expect((await t.admin('PUT', '/admin/usergroup/nope', { title })).statusCode).toBe(404);
    expect((await t.admin('DELETE', '/admin/usergroup/nope')).statusCode).toBe(404);
    await t.admin('POST', '/admin/usergroup', { title, userGroupId: 'g1' });
    expect((await t.admin('PUT', '/admin/usergroup/g1', { title, userGroupId: 'g2' })).statusCode).toBe(400);
  });
});
