import { expect, it } from 'vitest';
import { describeSharedApp } from '../helpers/test-app.js';

type Parameter = { in: string; name: string; description?: string };
type Response = { description?: string; content?: Record<string, { schema?: unknown; examples?: unknown; example?: unknown }> };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { examples?: unknown; example?: unknown }> };
  responses?: Record<string, Response>;
  security?: unknown[];
};

describeSharedApp('the OpenAPI document', (t) => {
  it('describes every route with tags, a success response and its error responses', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
    const problems: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        if (!op.tags?.length) problems.push(`${where}: no tags`);
        const statuses = Object.keys(op.responses ?? {});
        if (!statuses.some((s) => s.startsWith('2'))) problems.push(`${where}: no 2xx response schema`);
        if (!path.startsWith('/health') && !statuses.some((s) => s.startsWith('4'))) problems.push(`${where}: no 4xx response documented`);
        if (!path.startsWith('/health') && !op.security?.length) problems.push(`${where}: no security requirement`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('is complete enough to generate a client: ids, summaries, descriptions of every operation, parameter and response', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
    const problems: string[] = [];
    const ids = new Map<string, string>();
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        if (!op.operationId) problems.push(`${where}: no operationId`);
        else if (ids.has(op.operationId)) problems.push(`${where}: operationId ${op.operationId} also on ${ids.get(op.operationId)}`);
        else ids.set(op.operationId, where);
        if (!op.summary) problems.push(`${where}: no summary`);
        if (!op.description || op.description === op.summary) problems.push(`${where}: no description of its own`);
        for (const p of op.parameters ?? []) if (!p.description) problems.push(`${where}: ${p.in} parameter ${p.name} has no description`);
        for (const [status, r] of Object.entries(op.responses ?? {})) {
          if (!r.description || r.description === 'Default Response') problems.push(`${where}: response ${status} has no description`);
          // A live stream (text/event-stream) is described by its own content type.
          const schema = r.content?.['application/json']?.schema ?? r.content?.['text/event-stream']?.schema;
          if (status !== '204' && !schema) problems.push(`${where}: response ${status} has no schema`);
        }
        if (path.startsWith('/health') && JSON.stringify(op.security) !== '[]') problems.push(`${where}: public, so security: []`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('declares the headers clients send and read, and examples of events and boards', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
    const op = (path: string, method: string) => doc.paths[path][method] as Operation;
    const names = (o: Operation) => (o.parameters ?? []).map((p) => `${p.in}:${p.name}`);
    expect(names(op('/event', 'post'))).toContain('header:Idempotency-Key');
    expect(names(op('/admin/offer', 'post'))).toContain('header:x-project-id');
    expect(op('/user/{userId}/history', 'get').responses!['200']).toHaveProperty('headers.x-next-cursor');
    const event = op('/event', 'post');
    expect(
      event.requestBody!.content!['application/json']!.examples ?? event.requestBody!.content!['application/json']!.example,
    ).toBeTruthy();
    for (const [path, o] of [
      ['/event', event],
      ['/project/{projectId}/leaderboard', op('/project/{projectId}/leaderboard', 'get')],
      ['/user/{userId}/leaderboard', op('/user/{userId}/leaderboard', 'get')],
    ] as const) {
      const media = o.responses!['200']!.content!['application/json']!;
      expect(media.examples ?? media.example, `${path}: response example`).toBeTruthy();
    }
    // OpenAPI 3.0 wants exclusiveMinimum as a flag: generators reject a number there.
    expect(JSON.stringify(doc)).not.toMatch(/"exclusive(Minimum|Maximum)":\s*-?\d/);
  });
});
