import { EXAMPLE_NOW, sample } from './openapi-sample.js';
import { SMALLEST_BODIES } from './smallest-bodies.js';

/**
 * Examples on every operation of the OpenAPI document (decision 232): a request body, each
 * parameter, and each response. A route's own `examples` win; then the bodies below (the admin
 * creates take their smallest valid body, docs/api.md); then a value made from the schema
 * (openapi-sample.ts). test/http/openapi-examples.test.ts validates every one against its schema.
 */

/** Request bodies by operation, for the routes a newcomer calls first (as in docs/quickstart.md). */
const REQUESTS: Record<string, unknown> = {
  createUser: { userId: 'alice' },
  redeemOffer: {},
  answerSurvey: { userId: 'alice', surveyId: 'recommend', responses: ['yes'] },
  markSectionSeen: { screenId: 'rewards' },
  changeNotificationMarkers: { resetRewards: true },
  setLeaderboardProfile: { username: 'Alice' },
  createUserGroupAsService: { userGroupId: 'gold', title: { default: 'Gold', de: 'Gold', en: 'Gold' } },
  updateUser: { timeZone: 'Europe/Berlin' },
};

/** Response bodies by operation (status 2xx), where a made-up value would read badly. */
const RESPONSES: Record<string, unknown> = {
  createUser: { message: 'User created', userId: 'alice', createdAt: EXAMPLE_NOW, timeZone: 'UTC' },
  getUserPoints: { userId: 'alice', points: 120, userExists: true, pending: 0, expiring: [] },
};

/** Error messages by status, for the error responses' examples. */
const ERROR_EXAMPLES: Record<string, { error: string; message: string; code: string }> = {
  '400': { error: 'Bad Request', message: "body must have required property 'userId'", code: 'VALIDATION_ERROR' },
  '401': { error: 'Unauthorized', message: 'Bearer token required', code: 'TOKEN_REQUIRED' },
  '403': { error: 'Forbidden', message: 'A user may act only for itself', code: 'FORBIDDEN' },
  '404': { error: 'Not Found', message: 'User alice not found', code: 'USER_NOT_FOUND' },
  '409': { error: 'Conflict', message: 'Already exists', code: 'CONFLICT' },
  '413': { error: 'Payload Too Large', message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' },
  '415': { error: 'Unsupported Media Type', message: 'Unsupported Media Type: text/plain', code: 'UNSUPPORTED_MEDIA_TYPE' },
  '429': { error: 'Too Many Requests', message: 'Rate limit exceeded, retry in 1 minute', code: 'RATE_LIMITED' },
  '500': { error: 'Internal Server Error', message: 'Internal Server Error', code: 'INTERNAL' },
  '503': { error: 'Service Unavailable', message: 'The database is unreachable; retry later', code: 'STORE_UNAVAILABLE' },
};

type Media = { schema?: SchemaLike; example?: unknown; examples?: unknown };
type SchemaLike = Parameters<typeof sample>[0] & { required?: string[]; properties?: Record<string, unknown> };
type Operation = {
  operationId?: string;
  parameters?: Array<{ name: string; in: string; schema?: SchemaLike; example?: unknown }>;
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
};

/** The example of a request body: the required fields only, or every field when none is required. */
function requestSample(schema: SchemaLike | undefined): unknown {
  if (!schema?.properties || !schema.required?.length) return sample(schema);
  const value = sample(schema) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(value).filter(([k]) => schema.required!.includes(k)));
}

export function addExamples(path: string, method: string, op: Operation): void {
  const id = op.operationId ?? '';
  for (const p of op.parameters ?? []) p.example ??= sample(p.schema, p.name);
  const body = op.requestBody?.content?.['application/json'];
  if (body && body.example === undefined && body.examples === undefined) {
    const route = `${method.toUpperCase()} ${path}`;
    body.example = REQUESTS[id] ?? SMALLEST_BODIES[route] ?? requestSample(body.schema);
  }
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    const media = response.content?.['application/json'];
    if (!media?.schema || media.example !== undefined || media.examples !== undefined) continue;
    const error = ERROR_EXAMPLES[status];
    if (status.startsWith('2')) media.example = RESPONSES[id] ?? sample(media.schema);
    else if (error && media.schema.properties?.code)
      media.example = { ...(sample(media.schema) as object), statusCode: Number(status), ...error };
    else media.example = sample(media.schema);
  }
}
