import { expect, it } from 'vitest';
import { openApiValidators, seg } from '../helpers/openapi-ajv.js';
import { describeBackends } from '../helpers/test-app.js';

type Media = { schema?: object; example?: unknown; examples?: Record<string, { value: unknown }> };
type Operation = {
  parameters?: Array<{ name: string; in: string; schema?: object; example?: unknown }>;
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
};

describeBackends('the OpenAPI examples', (t) => {
  it('give every operation an example request (body or parameters) and an example of every response', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        const body = op.requestBody?.content?.['application/json'];
        if (body && body.example === undefined && !body.examples) missing.push(`${where}: request body`);
        for (const p of op.parameters ?? []) if (p.example === undefined) missing.push(`${where}: parameter ${p.name}`);
        for (const [status, r] of Object.entries(op.responses ?? {})) {
          const media = r.content?.['application/json'];
          if (media?.schema && media.example === undefined && !media.examples) missing.push(`${where}: response ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('are valid against their schemas (Ajv), every one', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
    const validator = openApiValidators(doc);
    const invalid: string[] = [];
    const check = (where: string, pointer: string, value: unknown) => {
      const validate = validator(pointer);
      if (!validate(value))
        invalid.push(
          `${where}: ${JSON.stringify(value)} — ${t.app ? validate.errors?.map((e) => `${e.instancePath} ${e.message}`).join('; ') : ''}`,
        );
    };
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(item)) {
        const base = `/paths/${seg(path)}/${method}`;
        const where = `${method.toUpperCase()} ${path}`;
        const examplesOf = (m: Media) => (m.example !== undefined ? [m.example] : Object.values(m.examples ?? {}).map((e) => e.value));
        const body = op.requestBody?.content?.['application/json'];
        if (body?.schema)
          for (const ex of examplesOf(body)) {
            check(`${where} request`, `${base}/requestBody/content/application~1json/schema`, ex);
            checked++;
          }
        (op.parameters ?? []).forEach((p, i) => {
          if (p.schema && p.example !== undefined) check(`${where} parameter ${p.name}`, `${base}/parameters/${i}/schema`, p.example);
        });
        for (const [status, r] of Object.entries(op.responses ?? {})) {
          const media = r.content?.['application/json'];
          if (!media?.schema) continue;
          for (const ex of examplesOf(media)) {
            check(`${where} ${status}`, `${base}/responses/${status}/content/application~1json/schema`, ex);
            checked++;
          }
        }
      }
    }
    expect(invalid).toEqual([]);
    expect(checked).toBeGreaterThan(500);
  });
});
