import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeBackends } from '../../test/helpers/test-app.js';
import { SMALLEST_BODIES } from './smallest-bodies.js';

const DOCS = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');

describeBackends('the smallest valid body of each admin create route', (t) => {
  /** What the bodies refer to: a user alice with an event in the history, a shop bakery. */
  async function prerequisites(): Promise<string> {
    await t.createUser('alice');
    expect((await t.admin('POST', '/admin/shop', { shopId: 'bakery', name: 'Bakery' })).statusCode).toBe(201);
    expect((await t.admin('POST', '/admin/event', { eventId: 'seed', title: 'Seed', reward: { default: 5 } })).statusCode).toBe(201);
    const sent = await t.inject({
      method: 'POST',
      url: '/event',
      headers: await t.auth('alice'),
      payload: { eventId: 'seed', userId: 'alice' },
    });
    return `EVENT#seed#${sent.json().data.timestamp}`;
  }

  it('is accepted as it is (2xx), each one', async () => {
    // The webhook's example.com does not resolve here: the same body with a loopback URL.
    t.configure({ webhookAllowPrivate: true });
    await t.restart();
    const historyId = await prerequisites();
    const refused: string[] = [];
    for (const [route, body] of Object.entries(SMALLEST_BODIES)) {
      const [method, path] = route.split(' ') as ['POST', string];
      const payload = route.endsWith('/reversal')
        ? { ...body, historyId }
        : route.endsWith('/webhook')
          ? { ...body, url: 'http://127.0.0.1:9/laurel' }
          : body;
      const res = await t.admin(method, path.replace('{userId}', 'alice'), payload);
      if (res.statusCode >= 300) refused.push(`${route}: ${res.statusCode} ${res.body}`);
    }
    expect(refused).toEqual([]);
  });

  it('is what a 400 for a missing property points to', async () => {
    const res = await t.admin('POST', '/admin/shop', { title: 'Corner Bakery' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "body must have required property 'name': the smallest valid body of POST /admin/shop is " +
        '{"name":"Corner Bakery"} (docs/api.md, Smallest bodies)',
    );
    // The path of a route with a parameter is the route's, not the request's.
    const adjust = await t.admin('POST', '/admin/user/alice/points', { points: 5 });
    expect(adjust.json().message).toContain(
      'the smallest valid body of POST /admin/user/{userId}/points is {"points":50,"reason":"Goodwill"}',
    );
  });
});

it('docs/api.md shows every smallest body', () => {
  const missing = Object.entries(SMALLEST_BODIES).filter(
    ([route, body]) => !DOCS.includes(`| \`${route}\` | \`${JSON.stringify(body)}\` |`),
  );
  expect(missing.map(([route]) => route)).toEqual([]);
});
