import { scopeOfRoute } from './auth/api-key-scopes.js';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** What an ID in a path or a common query parameter means, where the route's schema does not say. */
const PARAMETERS: Record<string, string> = {
  apiKeyId: 'Id of the API key',
  challengeId: 'Id of the challenge',
  couponId: 'Id of the coupon (its couponKey)',
  couponKey: 'Key of the coupon',
  eventId: 'Id of the event definition',
  jobId: 'Id of the background job (from the response that started it)',
  messageId: 'Id of the webhook message (its webhook-id header)',
  offerId: 'Id of the offer',
  projectId: 'Id of the project',
  shopId: 'Id of the shop',
  streakId: 'Id of the streak',
  surveyId: 'Id of the survey',
  webhookId: 'Id of the webhook endpoint',
  userGroupId: 'Id of the user group',
  seasonRewardId: 'Id of the season reward',
  tierId: 'Id of the tier',
  groupId: 'User group of the board (default: the board of all users)',
  limit: 'Page size',
  offset: 'Number of entries to skip (the first page is 0)',
  sort: 'asc: oldest first; desc: newest first',
  status: 'Only deliveries in this state',
  type: 'Only offers of this type',
};

/** Response descriptions by status where the route's response schema has none. */
const RESPONSES: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted: the work goes on in the background',
  '204': 'No content',
  '400': 'Invalid request: the message names the field; nothing was changed',
  '401': 'Missing, invalid, expired or revoked credentials',
  '403': 'The caller may not act on this user or project',
  '404': 'No such resource in this project',
  '409': 'Conflicts with the current state (the code says which)',
  '413': 'The body is larger than the limit',
  '429': 'Too many requests: retry after the Retry-After header',
  '503': 'A store is unreachable: retry later',
};

const MUTATING = new Set(['post', 'put', 'patch', 'delete']);

type Parameter = { in: string; name: string; required?: boolean; description?: string; schema?: { default?: unknown } };
type Operation = {
  security?: Array<Record<string, unknown>>;
  description?: string;
  'x-api-key-scope'?: string;
  parameters?: Parameter[];
  responses?: Record<string, { description?: string; headers?: Record<string, unknown> }>;
};

/**
 * Every public route takes an API key besides a JWT (decision 192): the apiKey scheme is added
 * where a route names bearerAuth, with the scope the key needs (`x-api-key-scope`, also said in the
 * description), from the one table the authentication reads.
 */
function apiKeyAccess(path: string, method: string, op: Operation): void {
  const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
  if (!schemes.includes('bearerAuth')) return;
  if (!schemes.includes('apiKey')) op.security!.push({ apiKey: [] });
  const scope = scopeOfRoute(method.toUpperCase(), path.replace(/\{([^}]+)\}/g, ':$1'));
  op['x-api-key-scope'] = scope ?? 'all';
  const needs = scope ? `the scope \`${scope}\`` : 'every scope';
  op.description = `${op.description ?? ''}${op.description ? ' ' : ''}An API key needs ${needs}.`;
}

/**
 * Completes the generated document for client generators: parameter and response descriptions
 * where a schema has none, query parameters with a default as optional, the headers the plugins
 * read (x-project-id, Idempotency-Key) and write (x-next-cursor), and `security: []` on the public
 * health routes. A route that still lacks a description fails test/http/openapi.test.ts.
 */
export function completeDocument<T extends { paths?: Record<string, Record<string, Operation>> }>(doc: T): T {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (path.startsWith('/health')) op.security = [];
      apiKeyAccess(path, method, op);
      const params = (op.parameters ??= []);
      for (const p of params) {
        if (!p.description && PARAMETERS[p.name]) p.description = PARAMETERS[p.name];
        if (p.in === 'query' && p.schema?.default !== undefined) p.required = false;
      }
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
      if (schemes.includes('adminToken') && !params.some((p) => p.name === 'x-project-id')) {
        params.push({
          in: 'header',
          name: 'x-project-id',
          required: false,
          description: 'With the admin token: the project to act on (default: default)',
          schema: { type: 'string' } as never,
        });
      }
      if (MUTATING.has(method) && schemes.length > 0 && !params.some((p) => p.name === 'Idempotency-Key')) {
        params.push({
          in: 'header',
          name: 'Idempotency-Key',
          required: false,
          description: 'Makes a retry safe: a repeat with the same key and body gets the first response (24 hours)',
          schema: { type: 'string', minLength: 1, maxLength: 255 } as never,
        });
      }
      if (params.length === 0) delete op.parameters;
      const paged = params.some((p) => p.in === 'query' && p.name === 'cursor');
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if ((!response.description || response.description === 'Default Response') && RESPONSES[status])
          response.description = RESPONSES[status];
        if (paged && status.startsWith('2')) {
          response.headers = {
            ...response.headers,
            'x-next-cursor': {
              description: 'Cursor of the next page (pass it as cursor); absent on the last page',
              schema: { type: 'string' },
            },
          };
        }
      }
    }
  }
  asOpenApi30(doc);
  return doc;
}

/** Keywords of our own validators (src/http/validation.ts): extensions in the document. */
const OWN_KEYWORDS = ['maxDepth', 'maxJsonBytes'];

/**
 * The schemas as OpenAPI 3.0 wants them: JSON Schema's numeric exclusiveMinimum/Maximum (the
 * validators' form) as a flag beside minimum/maximum, `examples` arrays as one `example`, and our
 * own validation keywords as `x-` extensions.
 */
function asOpenApi30(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(asOpenApi30);
  if (node === null || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (Array.isArray(o.examples)) {
    o.example = o.examples[0];
    delete o.examples;
  }
  for (const k of OWN_KEYWORDS) {
    if (k in o) {
      o[`x-${k}`] = o[k];
      delete o[k];
    }
  }
  for (const [bound, flag] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    if (typeof o[flag] === 'number') {
      o[bound] = o[flag];
      o[flag] = true;
    }
  }
  Object.values(o).forEach(asOpenApi30);
}

/**
 * The OpenAPI 3 document is generated from the route schemas (so it cannot drift from the code),
 * served at /openapi.json, with a docs UI at /docs.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    // Shared schemas (app.addSchema, e.g. the webhook messages) appear in components under their $id.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transformObject: (doc) =>
      ('openapiObject' in doc ? completeDocument(doc.openapiObject as Parameters<typeof completeDocument>[0]) : doc.swaggerObject) as never,
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Laurel',
        version: '0.1.0',
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
        description:
          'Event-driven loyalty and gamification service. Paths are also served under /v0, /v1, /v2 and /v3 (the prefix is stripped). ' +
          'Errors have the body { statusCode, error, message, code }.',
      },
      servers: [{ url: '/' }, { url: '/v1' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'User or service JWT (sub, projectId, role)' },
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          adminToken: { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN; project chosen by the x-project-id header' },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
