import { expect, it } from 'vitest';
import { describeBackends } from '../helpers/test-app.js';

type Operation = { tags?: string[]; responses?: Record<string, unknown>; security?: unknown[] };

describeBackends('the OpenAPI document', (t) => {
  it('describes every route with tags, a success response and its error responses', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
    const problems: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        if (!op.tags?.length) problems.push(`${where}: no tags`);
        const statuses = Object.keys(op.responses ?? {});
        if (!statuses.some((s) => s.startsWith('2'))) problems.push(`${where}: no 2xx response schema`);
        if (path !== '/health' && !statuses.some((s) => s.startsWith('4'))) problems.push(`${where}: no 4xx response documented`);
        if (path !== '/health' && !op.security?.length) problems.push(`${where}: no security requirement`);
      }
    }
    expect(problems).toEqual([]);
  });
});
