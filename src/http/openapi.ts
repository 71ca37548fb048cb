import { scopeOfRoute } from './auth/api-key-scopes.js';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { routeAuthMode } from './auth/authenticate.js';
import type { AuthMode } from './auth/principal.js';
import { addExamples } from './openapi-examples.js';
import { addCommonStatuses, DESCRIPTION, SECURITY, SECURITY_SCHEMES, TAGS } from './openapi-people.js';
import { registerBrowserPageHeaders } from './browser-headers.js';

/** What an ID in a path or a common query parameter means, where the route's schema does not say. */
const PARAMETERS: Record<string, string> = {
  achievementId: 'Id of the achievement',
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
  '415': 'The body is not JSON (Content-Type must be application/json)',
  '500': 'Internal error: the message says no more; the details are in the server log',
  '429': 'Too many requests: retry after the Retry-After header',
  '503': 'A store is unreachable: retry later',
};

const MUTATING = new Set(['post', 'put', 'patch', 'delete']);

type Parameter = {
  in: string;
  name: string;
  required?: boolean;
  description?: string;
  schema?: { default?: unknown; enum?: unknown[]; type?: string };
  example?: unknown;
};

/**
 * Query parameters with a closed set of values whose route checks them in its service (with its own
 * error code) rather than in the schema: the document still shows them as enums. Keyed `name` or
 * `name path`.
 */
const CLOSED_PARAMETERS: Record<string, string[]> = {
  'timeframe /project/{projectId}/leaderboard': ['7d', '30d', '365d'],
  'timeframe /user/{userId}/leaderboard': ['7d', '30d', '365d'],
  'type /user/{userId}/offer/feed': ['LOCAL', 'ONLINE', 'STREAK_FREEZE'],
  includeStatistics: ['true', 'false'],
  includeShop: ['true', 'false'],
};
type Operation = {
  operationId?: string;
  tags?: string[];
  requestBody?: { content?: Record<string, { schema?: object; example?: unknown; examples?: unknown }> };
  security?: Array<Record<string, unknown>>;
  description?: string;
  'x-api-key-scope'?: string;
  parameters?: Parameter[];
  responses?: Record<string, { description?: string; headers?: Record<string, unknown>; content?: Record<string, { schema?: object }> }>;
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
export function completeDocument<T extends { paths?: Record<string, Record<string, Operation>>; tags?: unknown }>(
  doc: T,
  modes: ReadonlyMap<string, AuthMode> = new Map(),
): T {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const mode = modes.get(`${method} ${path}`);
      if (mode) op.security = SECURITY[mode];
      if (path.startsWith('/health')) op.security = [];
      apiKeyAccess(path, method, op);
      const params = (op.parameters ??= []);
      for (const p of params) {
        if (!p.description && PARAMETERS[p.name]) p.description = PARAMETERS[p.name];
        if (p.in === 'query' && p.schema?.default !== undefined) p.required = false;
        const closed = CLOSED_PARAMETERS[`${p.name} ${path}`] ?? CLOSED_PARAMETERS[p.name];
        if (p.in === 'query' && closed && p.schema) p.schema = { ...p.schema, type: 'string', enum: closed };
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
      addCommonStatuses(path, method, op);
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
  // Examples last: they are made from the schemas in their OpenAPI 3.0 form.
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const [method, op] of Object.entries(item)) addExamples(path, method, op);
  const used = new Set(Object.values(doc.paths ?? {}).flatMap((item) => Object.values(item).flatMap((op) => op.tags ?? [])));
  doc.tags = [
    ...TAGS.filter((t) => used.has(t.name)),
    ...[...used].filter((n) => !TAGS.some((t) => t.name === n)).map((name) => ({ name })),
  ];
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
  collapseLiteralUnion(o);
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

/** TypeBox's union of literals (`anyOf: [{ enum: ['a'] }, { enum: ['b'] }]`) as one enum, as people and generators read it best. */
function collapseLiteralUnion(o: Record<string, unknown>): void {
  const branches = o.anyOf;
  if (!Array.isArray(branches) || branches.length < 2) return;
  const literal = (b: { type?: string; enum?: unknown[] }) => b.type === 'string' && b.enum?.length === 1 && Object.keys(b).length === 2;
  // Type.Null() as the generator writes it: a nullable enum of null.
  const isNull = (b: { nullable?: boolean; enum?: unknown[] }) => b.nullable === true && b.enum?.length === 1 && b.enum[0] === null;
  if (!branches.every((b) => literal(b) || isNull(b)) || !branches.some(literal)) return;
  o.type = 'string';
  o.enum = branches.map((b: { enum: unknown[] }) => b.enum[0]);
  if (branches.some(isNull)) o.nullable = true;
  delete o.anyOf;
}

/**
 * The OpenAPI 3 document is generated from the route schemas (so it cannot drift from the code),
 * served at /openapi.json, with a docs UI at /docs.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // How each route authenticates, by `method path` as the document names it: its security.
  const modes = new Map<string, AuthMode>();
  app.addHook('onRoute', (route) => {
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    for (const method of [route.method].flat()) modes.set(`${method.toLowerCase()} ${path}`, routeAuthMode(route.url, route.config?.auth));
  });
  await app.register(swagger, {
    // Shared schemas (app.addSchema, e.g. the webhook messages) appear in components under their $id.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transformObject: (doc) =>
      ('openapiObject' in doc
        ? completeDocument(doc.openapiObject as Parameters<typeof completeDocument>[0], modes)
        : doc.swaggerObject) as never,
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Laurel',
        version: '0.1.0',
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
        description: DESCRIPTION,
      },
      servers: [{ url: '/' }, { url: '/v1' }],
      components: {
        securitySchemes: SECURITY_SCHEMES as never,
      },
    },
  });
  // Swagger UI in a scope of its own, so that the browser-page headers (CSP, no framing) cover its routes only.
  await app.register(async (docs) => {
    await registerBrowserPageHeaders(docs, { inlineStyles: true });
    await docs.register(swaggerUi, {
      routePrefix: '/docs',
      // No validator badge: it would load an image from validator.swagger.io, outside the policy.
      // Tags start collapsed, with a filter box: Swagger UI 5.34 renders only the first tag when 30
      // or more are open at once ('list' opens all), and Laurel has more than 30.
      uiConfig: { docExpansion: 'none', filter: true, deepLinking: true, validatorUrl: null },
    });
  });
  app.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
