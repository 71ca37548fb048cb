import { expect, it } from 'vitest';
import { describeSharedApp } from '../helpers/test-app.js';

/** "The same body" is the same JSON value: key order and whitespace do not matter (decision 005). */
describeSharedApp('Idempotency-Key: the same JSON value', (t) => {
  const post = async (key: string, payload: string) =>
    t.inject({
      method: 'POST',
      url: '/usergroup',
      headers: { ...(await t.auth('alice')), 'idempotency-key': key, 'content-type': 'application/json' },
      payload,
    });

  it('replays a repeat whose keys come in another order and with other whitespace', async () => {
    const first = await post('k-order', '{"userGroupId":"gold","title":{"default":"Gold","de":"Gold"},"description":{"en":"E","de":"D"}}');
    expect(first.statusCode).toBe(201);
    const again = await post(
      'k-order',
      '{\n  "description": { "de": "D", "en": "E" },\n  "title": { "de": "Gold", "default": "Gold" },\n  "userGroupId": "gold"\n}',
    );
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await t.admin('GET', '/admin/usergroup')).json()).toHaveLength(1);
  });

  it('still answers 409 for another value under the same key, and changes nothing', async () => {
    expect((await post('k-value', '{"userGroupId":"gold","title":{"default":"Gold","de":"Gold"}}')).statusCode).toBe(201);
    const other = await post('k-value', '{"title":{"de":"Gold","default":"Silver"},"userGroupId":"gold"}');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ statusCode: 409, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect((await t.admin('GET', '/admin/usergroup/gold')).json().title.default).toBe('Gold');
  });
});
