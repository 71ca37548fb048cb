import { expect, it } from 'vitest';
import { openApiValidators, seg } from '../helpers/openapi-ajv.js';
import { describeBackends } from '../helpers/test-app.js';

/**
 * CONTRACT "Nullable fields are declared": what can be null on the wire is nullable in the
 * document, closed parameter sets are enums, and what the handlers answer fits the declared
 * response schemas — checked on the objects before they are serialized (a serializer would turn a
 * null into "" or 0 and hide the mismatch).
 */
describeBackends('the OpenAPI document declares what the wire carries', (t) => {
  const document = async () => (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
  const schemaAt = (doc: { paths: Record<string, Record<string, unknown>> }, path: string, method: string, status = '200') =>
    (doc.paths[path]![method] as { responses: Record<string, { content: Record<string, { schema: unknown }> }> }).responses[status]!
      .content['application/json']!.schema;
  /** The property schema at `keys` below an object or array schema (allOf parts merged). */
  const propertyOf = (schema: unknown, ...keys: string[]): Record<string, unknown> => {
    let node = schema as Record<string, unknown>;
    for (const key of keys) {
      while (node.items || node.allOf) node = (node.items as Record<string, unknown>) ?? Object.assign({}, ...(node.allOf as object[]));
      node = (node.properties as Record<string, Record<string, unknown>>)[key]!;
    }
    return node;
  };

  it('declares the fields that can be null as nullable', async () => {
    const doc = await document();
    const nullable: Array<[unknown, string[]]> = [
      [schemaAt(doc, '/user/{userId}/history', 'get'), ['image']],
      [schemaAt(doc, '/user/{userId}/challenge', 'get'), ['challenges', 'seriesId']],
      [schemaAt(doc, '/user/{userId}/challenge', 'get'), ['challenges', 'completedDate']],
      [schemaAt(doc, '/offer/{offerId}', 'get'), ['offer', 'shopId']],
      [doc.components.schemas.WebhookOfferRedeemed, ['data', 'shopId']],
      [doc.components.schemas.WebhookOfferRedeemed, ['data', 'couponKey']],
      [schemaAt(doc, '/user/{userId}/leaderboard', 'get'), ['currentUser', 'rank']],
      [schemaAt(doc, '/user/{userId}/offer/{offerId}/redeemable', 'get'), ['reason']],
    ];
    const missing = nullable.filter(([schema, keys]) => propertyOf(schema, ...keys).nullable !== true).map(([, keys]) => keys.join('.'));
    expect(missing).toEqual([]);
  });

  it('declares parameters with a closed set of values as enums', async () => {
    const doc = await document();
    const param = (path: string, name: string) =>
      (doc.paths[path].get.parameters as Array<{ name: string; schema: { enum?: string[] } }>).find((p) => p.name === name)!.schema.enum;
    expect(param('/project/{projectId}/leaderboard', 'timeframe')).toEqual(['7d', '30d', '365d']);
    expect(param('/user/{userId}/leaderboard', 'timeframe')).toEqual(['7d', '30d', '365d']);
    expect(param('/stats/event', 'period')).toEqual(['1d', '7d', '30d', '90d', 'current_month', 'ytd', 'all']);
    expect(param('/user/{userId}/history', 'sort')).toEqual(['asc', 'desc']);
    expect(param('/user/{userId}/offer/feed', 'type')).toEqual(['LOCAL', 'ONLINE', 'STREAK_FREEZE']);
    expect(param('/offer/{offerId}', 'includeShop')).toEqual(['true', 'false']);
  });

  it('answers what the response schemas declare, nulls included', async () => {
    const seen: Array<{ route: string; method: string; status: number; payload: unknown }> = [];
    t.app.addHook('preSerialization', async (request, reply, payload) => {
      if (request.routeOptions.url)
        seen.push({ route: request.routeOptions.url, method: request.method, status: reply.statusCode, payload });
      return payload;
    });
    await t.admin('POST', '/admin/event', { eventId: 'buy', title: 'Buy', reward: { default: 50 } });
    await t.admin('POST', '/admin/challenge', { challengeId: 'two', title: { en: 'Two' }, eventId: 'buy', goal: 2 });
    await t.admin('POST', '/admin/streak', { streakId: 'daily', title: { en: 'Daily' }, timeFrame: 'daily', eventIds: ['buy'] });
    await t.admin('POST', '/admin/offer', { offerId: 'mug', title: { en: 'Mug' }, points: 10 });
    await t.createUser('ann');
    const ann = await t.auth('ann');
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/event', { eventId: 'buy', userId: 'ann' }],
      ['GET', '/user/ann/history'],
      ['GET', '/user/ann/challenge'],
      ['GET', '/user/ann/challenge/two'],
      ['GET', '/user/ann/streak'],
      ['GET', '/user/ann/points'],
      ['GET', '/user/ann/leaderboard?groupId=default&timeframe=7d'],
      ['GET', '/user/ann/rank?groupId=default'],
      ['GET', '/user/ann/offer/feed'],
      ['GET', '/offer/mug?includeStatistics=true'],
      ['GET', '/user/ann/offer/mug/redeemable'],
      ['POST', '/user/ann/offer/mug/redeem', {}],
      ['GET', '/user/ann/coupon'],
      ['GET', '/user/ann/notifications/overview'],
      ['GET', '/event'],
      ['GET', '/stats/event?period=7d'],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.inject({ method: method as 'GET', url, headers: ann, ...(payload ? { payload: payload as object } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    }
    for (const url of ['/admin/offer', '/admin/challenge', '/admin/streak', '/admin/event', '/admin/user', '/admin/event-log'])
      expect((await t.admin('GET', url)).statusCode).toBeLessThan(300);
    const doc = await document();
    const validator = openApiValidators(doc);
    const wrong: string[] = [];
    for (const s of seen) {
      const path = s.route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const op = doc.paths[path]?.[s.method.toLowerCase()];
      if (!op) continue; // a route the document hides (/openapi.json)
      if (!op.responses[String(s.status)]) {
        wrong.push(`${s.method} ${path}: status ${s.status} is not listed`);
        continue;
      }
      const pointer = `/paths/${seg(path)}/${s.method.toLowerCase()}/responses/${s.status}/content/application~1json/schema`;
      const validate = validator(pointer);
      if (!validate(JSON.parse(JSON.stringify(s.payload))))
        wrong.push(`${s.method} ${path} ${s.status}: ${validate.errors!.map((e) => `${e.instancePath} ${e.message}`).join('; ')}`);
    }
    expect(wrong).toEqual([]);
    expect(seen.length).toBeGreaterThan(20);
  });
});
