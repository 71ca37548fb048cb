import { expect, it } from 'vitest';
import { TAGS } from '../../src/http/openapi-people.js';
import { describeBackends } from '../helpers/test-app.js';

type Operation = {
  tags?: string[];
  security?: Array<Record<string, unknown>>;
  parameters?: Array<{ name: string; in: string; example?: unknown }>;
  responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
};
type Doc = {
  info: { description: string };
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { description?: string }> };
};

/** The OpenAPI document as people read it (decision 232): tags, authentication, statuses. */
describeBackends('the OpenAPI document for people', (t) => {
  const document = async () => (await t.inject({ method: 'GET', url: '/openapi.json' })).json() as Doc;

  it('lists its tags in the order a newcomer meets them, each with a description', async () => {
    const doc = await document();
    const names = doc.tags.map((tag) => tag.name);
    expect(names.slice(0, 4)).toEqual(['users', 'events', 'leaderboards', 'user groups']);
    const position = (n: string) => names.indexOf(n);
    expect(position('challenges')).toBeLessThan(position('offers'));
    expect(position('surveys')).toBeLessThan(position('analytics'));
    expect(names.findIndex((n) => n.startsWith('admin'))).toBeGreaterThan(position('analytics'));
    expect(doc.tags.filter((tag) => !tag.description).map((tag) => tag.name)).toEqual([]);
    expect(TAGS.map((tag) => tag.name)).toEqual(expect.arrayContaining(names));
  });

  it('says how to authenticate three ways and how to get each', async () => {
    const doc = await document();
    for (const words of ['npm run token', 'POST /admin/apikey', 'ADMIN_TOKEN', 'x-api-key', 'x-project-id'])
      expect(doc.info.description).toContain(words);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['adminToken', 'apiKey', 'bearerAuth']);
    for (const scheme of Object.values(doc.components.securitySchemes)) expect(scheme.description).toBeTruthy();
  });

  it("sets each operation's security to what authentication accepts", async () => {
    const doc = await document();
    const apiKey = (await t.admin('POST', '/admin/apikey', { name: 'doc check' })).json().key as string;
    const credentials = {
      bearerAuth: await t.auth('alice'),
      apiKey: { 'x-api-key': apiKey },
      adminToken: t.adminAuth(),
    };
    const wrong: string[] = [];
    let n = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (path.startsWith('/admin/clock')) continue; // the test clock would move
        let url = path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
          const example = op.parameters?.find((p) => p.name === name)?.example;
          return encodeURIComponent(String(example ?? 'x'));
        });
        const listed = new Set((op.security ?? []).flatMap((s) => Object.keys(s)));
        // A live stream that opens never ends: an invalid `boards` makes it answer (400) once authenticated.
        if (op.responses?.['200']?.content?.['text/event-stream']) url += '?boards=!';
        for (const [scheme, headers] of [['none', {}], ...Object.entries(credentials)] as Array<[string, Record<string, string>]>) {
          const res = await t.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers,
            // A new address per request: failed logins are limited per address.
            remoteAddress: `10.9.${(n >> 8) & 255}.${n++ & 255}`,
            ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
          });
          const accepted = res.statusCode !== 401;
          // A public route (security: []) takes anyone, with or without credentials.
          const expected = listed.size === 0 || listed.has(scheme);
          if (accepted !== expected) wrong.push(`${method.toUpperCase()} ${path} with ${scheme}: ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lists the statuses every route can answer, each with the error body', async () => {
    const doc = await document();
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      if (path.startsWith('/health')) continue;
      for (const [method, op] of Object.entries(item)) {
        const statuses = Object.keys(op.responses ?? {});
        const wanted = ['401', '429', '500', '503', ...(path.includes('{') ? ['400', '404'] : [])];
        for (const s of wanted) if (!statuses.includes(s)) missing.push(`${method.toUpperCase()} ${path}: ${s}`);
        for (const s of statuses.filter((x) => x >= '400'))
          if (!op.responses![s]!.content?.['application/json']?.schema?.properties?.code)
            missing.push(`${method} ${path} ${s}: no error body`);
      }
    }
    expect(missing).toEqual([]);
  });
});
