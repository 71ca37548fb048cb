import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';

describeSharedApp('segments: refusals', (t) => {
  const rule = { field: 'balance.points', operator: 'greater_than', value: 10 };
  const valid = { segmentId: 'seg', title: 'Segment', rules: [rule] };

  it('refuses bad fields, operators and values with 400 and the error body, and creates nothing', async () => {
    const withRule = (r: Record<string, unknown>) => ({ ...valid, rules: [rule, r] });
    const cases: Array<[Record<string, unknown>, string | null]> = [
      [withRule({ field: 'points', operator: 'equals', value: 1 }), 'INVALID_SEGMENT_FIELD'],
      [withRule({ field: 'balance.', operator: 'equals', value: 1 }), 'INVALID_SEGMENT_FIELD'],
      [withRule({ field: 'balance.a b', operator: 'equals', value: 1 }), 'INVALID_SEGMENT_FIELD'],
      [withRule({ field: 'events.buy', operator: 'equals', value: 1 }), 'INVALID_SEGMENT_FIELD'],
      [withRule({ field: 'events.buy.0d', operator: 'equals', value: 1 }), 'INVALID_SEGMENT_FIELD'],
      [withRule({ field: 'events.buy.366d', operator: 'equals', value: 1 }), 'INVALID_SEGMENT_FIELD'],
      [withRule({ field: 'events.buy.7', operator: 'equals', value: 1 }), 'INVALID_SEGMENT_FIELD'],
      [withRule({ field: 'attributes.', operator: 'equals', value: 1 }), 'INVALID_SEGMENT_FIELD'],
      [withRule({ field: 'attributes.a.b', operator: 'equals', value: 1 }), 'INVALID_SEGMENT_FIELD'],
      [withRule({ field: 'tiers', operator: 'exists' }), 'INVALID_SEGMENT_FIELD'],
      [withRule({ field: 'balance.points', operator: 'contains', value: 1 }), 'INVALID_SEGMENT_RULE'],
      [withRule({ field: 'balance.points', operator: 'equals', value: 'ten' }), 'INVALID_SEGMENT_RULE'],
      [withRule({ field: 'balance.points', operator: 'equals' }), 'INVALID_SEGMENT_RULE'],
      [withRule({ field: 'balance.points', operator: 'in', value: 3 }), 'INVALID_SEGMENT_RULE'],
      [withRule({ field: 'daysSinceActive', operator: 'less_than', value: [1, 2] }), 'INVALID_SEGMENT_RULE'],
      [withRule({ field: 'tier', operator: 'greater_than', value: 'gold' }), 'INVALID_SEGMENT_RULE'],
      [withRule({ field: 'tier', operator: 'equals', value: 3 }), 'INVALID_SEGMENT_RULE'],
      [withRule({ field: 'group', operator: 'less_than', value: 'vip' }), 'INVALID_SEGMENT_RULE'],
      [withRule({ field: 'attributes.plan', operator: 'exists', value: 'yes' }), 'INVALID_SEGMENT_RULE'],
      [withRule({ field: 'attributes.plan', operator: 'between', value: 1 }), null],
      [withRule({ field: 'attributes.plan', operator: 'equals', value: { a: 1 } }), null],
      [withRule({ field: 'attributes.plan', operator: 'equals', value: 1, extra: 1 }), null],
      [{ ...valid, rules: [] }, null],
      [{ ...valid, rules: Array.from({ length: 21 }, () => rule) }, null],
      [{ ...valid, match: 'some' }, null],
      [{ ...valid, title: '' }, null],
      [{ ...valid, segmentId: 'bad id' }, null],
      [{ ...valid, extra: true }, null],
    ];
    for (const [body, code] of cases) {
      const res = await t.admin('POST', '/admin/segment', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.any(String), code: code ?? expect.any(String) });
    }
    expect((await t.admin('GET', '/admin/segment')).json()).toEqual([]);
  });

  it('answers 409 SEGMENT_EXISTS, 404 SEGMENT_NOT_FOUND, 400 ID_MISMATCH and INVALID_CURSOR', async () => {
    expect((await t.admin('POST', '/admin/segment', valid)).statusCode).toBe(201);
    expect((await t.admin('POST', '/admin/segment', { ...valid, title: 'Other' })).json()).toMatchObject({
      statusCode: 409,
      code: 'SEGMENT_EXISTS',
    });
    for (const [method, url, body] of [
      ['GET', '/admin/segment/nope', undefined],
      ['PUT', '/admin/segment/nope', { title: 'X', rules: [rule] }],
      ['DELETE', '/admin/segment/nope', undefined],
      ['GET', '/admin/segment/nope/count', undefined],
      ['GET', '/admin/segment/nope/users', undefined],
    ] as const) {
      const res = await t.admin(method, url, body);
      expect(res.json(), `${method} ${url}`).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: expect.any(String),
        code: 'SEGMENT_NOT_FOUND',
      });
    }
    const mismatch = await t.admin('PUT', '/admin/segment/seg', { ...valid, segmentId: 'other' });
    expect(mismatch.json()).toMatchObject({ statusCode: 400, code: 'ID_MISMATCH' });
    const badPut = await t.admin('PUT', '/admin/segment/seg', { ...valid, rules: [{ field: 'nope', operator: 'exists' }] });
    expect(badPut.json()).toMatchObject({ statusCode: 400, code: 'INVALID_SEGMENT_FIELD' });
    expect((await t.admin('GET', '/admin/segment/seg')).json().rules).toEqual([rule]);
    // Not base64url, padded, empty, a NUL, a slash, 129 characters: none is a userId this route could have given.
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    for (const cursor of ['***', 'Zm9v=', '', b64('\u0000'), b64('a/b'), b64('x'.repeat(129))]) {
      const res = await t.admin('GET', `/admin/segment/seg/users?cursor=${encodeURIComponent(cursor)}`);
      expect(res.json(), cursor).toMatchObject({ statusCode: 400, error: 'Bad Request', code: expect.any(String) });
    }
    for (const limit of ['0', '1001', 'x']) expect((await t.admin('GET', `/admin/segment/seg/users?limit=${limit}`)).statusCode).toBe(400);
    await expect(t.app.services.segments.members(t.projectId, 'nope', ['a'])).rejects.toMatchObject({ code: 'SEGMENT_NOT_FOUND' });
  });
});
