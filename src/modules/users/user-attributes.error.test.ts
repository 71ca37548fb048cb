import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';

describeSharedApp('users: attributes refused', (t) => {
  const patch = async (userId: string, payload: unknown) =>
    t.inject({ method: 'PATCH', url: `/user/${userId}`, headers: await t.serviceAuth(), payload: payload as object });
  const attributesOf = async (userId: string) =>
    (await t.inject({ method: 'GET', url: `/user/${userId}`, headers: await t.serviceAuth() })).json().attributes;

  it('refuses more than 20 keys after the merge with 400 TOO_MANY_ATTRIBUTES and changes nothing', async () => {
    await t.createUser('ann');
    const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`a${i}`, i]));
    await patch('ann', { attributes: twenty });
    const res = await patch('ann', { timeZone: 'Europe/Berlin', attributes: { one: 'more' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringContaining('20'),
      code: 'TOO_MANY_ATTRIBUTES',
    });
    expect(await attributesOf('ann')).toEqual(twenty);
    const user = await t.inject({ method: 'GET', url: '/user/ann', headers: await t.serviceAuth() });
    expect(user.json().timeZone).toBe('UTC');
    // Replacing and removing within the limit is fine.
    expect((await patch('ann', { attributes: { a0: null, one: 'more' } })).statusCode).toBe(200);
  });

  it('refuses bad keys and values with 400 and the error body', async () => {
    await t.createUser('bob');
    const bodies = [
      { attributes: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`a${i}`, i])) },
      { attributes: { 'a b': 1 } },
      { attributes: { ['x'.repeat(65)]: 1 } },
      { attributes: { '': 1 } },
      { attributes: { list: ['a'] } },
      { attributes: { nested: { a: 1 } } },
      { attributes: { long: 'x'.repeat(257) } },
      { attributes: 'plan=gold' },
      {},
    ];
    for (const body of bodies) {
      const res = await patch('bob', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: expect.any(String) });
    }
    expect(await attributesOf('bob')).toEqual({});
  });

  it('answers 404 USER_NOT_FOUND for an unknown user', async () => {
    const res = await patch('nobody', { attributes: { a: 1 } });
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'USER_NOT_FOUND' });
  });
});
