import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fakeApi';
import { ApiClient, ApiError, fieldOfMessage, query } from './client';

describe('fieldOfMessage', () => {
  it('names the top-level field of a nested validation message', () => {
    expect(fieldOfMessage("body/title must have required property 'de'")).toBe('title');
    expect(fieldOfMessage('body/reward/default must be number')).toBe('reward');
  });
  it('names a missing required property', () => {
    expect(fieldOfMessage("body must have required property 'name'")).toBe('name');
  });
  it('names a query parameter', () => {
    expect(fieldOfMessage('querystring/month must match pattern "^\\d{4}-\\d{2}$"')).toBe('month');
  });
  it('gives null for messages that name no field', () => {
    expect(fieldOfMessage('body must NOT have additional properties')).toBeNull();
    expect(fieldOfMessage('Event purchase already exists')).toBeNull();
  });
});

describe('ApiClient', () => {
  it('sends the admin token and the project of the session', async () => {
    const api = fakeApi({ 'GET /admin/event': { status: 200, body: [] } });
    await new ApiClient({ token: 'tok', projectId: 'shop-a' }, api.fetchImpl).get('/admin/event');
    expect(api.calls[0]!.headers).toEqual({ authorization: 'Bearer tok', 'x-project-id': 'shop-a' });
  });

  it('turns 204 into the given empty value and reads x-next-cursor', async () => {
    const api = fakeApi({
      'GET /user/a/history': { status: 204 },
      'GET /user/b/history': { status: 200, body: [{ id: 'x' }], headers: { 'x-next-cursor': 'c2' } },
    });
    const client = new ApiClient({ token: 't', projectId: 'default' }, api.fetchImpl);
    expect(await client.get('/user/a/history', [])).toEqual([]);
    expect(await client.page('/user/b/history', [])).toEqual({ items: [{ id: 'x' }], nextCursor: 'c2' });
  });

  it('throws ApiError with the contract body and the field it concerns', async () => {
    const api = fakeApi({
      'POST /admin/usergroup': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: "body/title must have required property 'de'", code: 'VALIDATION_ERROR' },
      },
    });
    const err = await new ApiClient({ token: 't', projectId: 'default' }, api.fetchImpl)
      .post('/admin/usergroup', {})
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).code).toBe('VALIDATION_ERROR');
    expect((err as ApiError).field).toBe('title');
  });

  it('builds query strings from set values only', () => {
    expect(query({ groupId: 'default', month: undefined, limit: 25, offset: 0, eventId: '' })).toBe('?groupId=default&limit=25&offset=0');
    expect(query({})).toBe('');
  });
});
