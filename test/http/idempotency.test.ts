import { expect, it } from 'vitest';
import { describeSharedApp } from '../helpers/test-app.js';

const title = { default: 'G', de: 'G' };

describeSharedApp('Idempotency-Key', (t) => {
  it('returns the first response again for a repeat and changes nothing', async () => {
    const headers = { ...(await t.auth('alice')), 'idempotency-key': 'k-1' };
    const first = await t.inject({ method: 'POST', url: '/usergroup', headers, payload: { title } });
    const again = await t.inject({ method: 'POST', url: '/usergroup', headers, payload: { title } });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await t.admin('GET', '/admin/usergroup')).json()).toHaveLength(1);
  });

  it('answers 409 for the same key with another body', async () => {
    const headers = { ...(await t.auth('alice')), 'idempotency-key': 'k-2' };
    await t.inject({ method: 'POST', url: '/usergroup', headers, payload: { title } });
    const other = await t.inject({ method: 'POST', url: '/usergroup', headers, payload: { title: { default: 'H', de: 'H' } } });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await t.admin('GET', '/admin/usergroup')).json()).toHaveLength(1);
  });

  it('lets exactly one of many concurrent duplicates take effect', async () => {
    const headers = { ...(await t.auth('alice')), 'idempotency-key': 'k-3' };
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => t.inject({ method: 'POST', url: '/usergroup', headers, payload: { title } })),
    );
    const ids = new Set(responses.filter((r) => r.statusCode === 201).map((r) => r.json().userGroupId));
    expect(ids.size).toBe(1);
    expect((await t.admin('GET', '/admin/usergroup')).json()).toHaveLength(1);
  });

  it('scopes keys to the principal: another user may use the same key', async () => {
    const a = await t.inject({
      method: 'POST',
      url: '/usergroup',
      headers: { ...(await t.auth('alice')), 'idempotency-key': 'same' },
      payload: { title },
    });
    const b = await t.inject({
      method: 'POST',
      url: '/usergroup',
      headers: { ...(await t.auth('bob')), 'idempotency-key': 'same' },
      payload: { title },
    });
    expect(a.json().userGroupId).not.toBe(b.json().userGroupId);
    expect((await t.admin('GET', '/admin/usergroup')).json()).toHaveLength(2);
  });

  it('replays refusals too, and keys expire after 24 hours', async () => {
    const start = Date.UTC(2031, 0, 1);
    await t.setClock(start);
    const headers = { ...(await t.auth('alice')), 'idempotency-key': 'k-4' };
    await t.inject({ method: 'POST', url: '/usergroup', headers: await t.auth('alice'), payload: { title, userGroupId: 'taken' } });
    const refused = await t.inject({ method: 'POST', url: '/usergroup', headers, payload: { title, userGroupId: 'taken' } });
    expect(refused.statusCode).toBe(409);
    await t.admin('DELETE', '/admin/usergroup/taken');
    expect((await t.inject({ method: 'POST', url: '/usergroup', headers, payload: { title, userGroupId: 'taken' } })).statusCode).toBe(409);
    await t.setClock(start + 25 * 3_600_000);
    expect((await t.inject({ method: 'POST', url: '/usergroup', headers, payload: { title, userGroupId: 'taken' } })).statusCode).toBe(201);
  });

  it('refuses an over-long key', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/usergroup',
      headers: { ...(await t.auth('alice')), 'idempotency-key': 'x'.repeat(256) },
      payload: { title },
    });
    expect(res.statusCode).toBe(400);
    expect((await t.admin('GET', '/admin/usergroup')).json()).toHaveLength(0);
  });
});
