import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { API_KEY_SCOPES, SCOPE_DESCRIPTIONS } from '../../http/auth/api-key-scopes.js';
import { errors, ResourceId } from '../../http/schemas.js';

const Scope = Type.Union(
  [Type.Literal('events:write'), Type.Literal('users:write'), Type.Literal('users:read'), Type.Literal('rewards:write')],
  { description: API_KEY_SCOPES.map((s) => `${s}: ${SCOPE_DESCRIPTIONS[s]}`).join('; ') },
);
const Scopes = Type.Array(Scope, {
  uniqueItems: true,
  description: 'What the key may do. Omitted at creation: every scope. A request outside them is 403 API_KEY_SCOPE.',
});
const ApiKey = Type.Object({
  apiKeyId: Type.String(),
  name: Type.String(),
  keyPrefix: Type.String({ description: 'First characters of the key, to tell keys apart' }),
  scopes: Scopes,
  createdAt: Type.Integer(),
});
const CreatedApiKey = Type.Object({
  apiKeyId: Type.String(),
  name: Type.String(),
  keyPrefix: Type.String(),
  scopes: Scopes,
  createdAt: Type.Integer(),
  key: Type.String({ description: 'The key itself; shown only in this response' }),
});
const Body = Type.Object(
  {
    apiKeyId: Type.Optional(ResourceId),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    scopes: Type.Optional(Type.Array(Scope, { ...Scopes, minItems: 1 })),
  },
  { additionalProperties: false },
);
const Params = Type.Object({ apiKeyId: ResourceId });

/** /admin/apikey: create (key shown once), list, get, rename, revoke. */
export async function apiKeysRoutes(app: App): Promise<void> {
  const { apiKeys } = app.services;
  const tags = ['admin: api keys'];
  const security = [{ adminToken: [] }];

  app.post(
    '/admin/apikey',
    {
      schema: {
        operationId: 'createApiKey',
        summary: 'Create an API key',
        description:
          'Creates an API key of the project, a service principal on every public route within its `scopes` (omitted: ' +
          'every scope); its secret is shown only in this response and stored as a hash. /admin routes never take API ' +
          'keys.',
        tags,
        security,
        body: Body,
        response: { 201: CreatedApiKey, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await apiKeys.create(req.principal.projectId, req.body)),
  );
  app.get(
    '/admin/apikey',
    {
      schema: {
        operationId: 'listApiKeys',
        summary: 'List API keys',
        description: "The project's API keys, without their secrets.",
        tags,
        security,
        response: { 200: Type.Array(ApiKey), ...errors(401, 404) },
      },
    },
    (req) => apiKeys.list(req.principal.projectId),
  );
  app.get(
    '/admin/apikey/:apiKeyId',
    {
      schema: {
        operationId: 'getApiKey',
        summary: 'Get an API key',
        description: 'One API key of the project, without its secret.',
        tags,
        security,
        params: Params,
        response: { 200: ApiKey, ...errors(401, 404) },
      },
    },
    (req) => apiKeys.get(req.principal.projectId, req.params.apiKeyId),
  );
  app.put(
    '/admin/apikey/:apiKeyId',
    {
      schema: {
        operationId: 'updateApiKey',
        summary: 'Update an API key',
        description: 'Renames an API key and, when `scopes` is given, sets its scopes (omitted: they stay); the secret stays the same.',
        tags,
        security,
        params: Params,
        body: Body,
        response: { 200: ApiKey, ...errors(400, 401, 404) },
      },
    },
    (req) => apiKeys.update(req.principal.projectId, req.params.apiKeyId, req.body),
  );
  app.delete(
    '/admin/apikey/:apiKeyId',
    {
      schema: {
        operationId: 'deleteApiKey',
        summary: 'Delete an API key',
        description: 'Revokes an API key: from now on every instance refuses it with 401.',
        tags,
        security,
        params: Params,
        response: { 204: Type.Null(), ...errors(401, 404) },
      },
    },
    async (req, reply) => {
      await apiKeys.revoke(req.principal.projectId, req.params.apiKeyId);
      return reply.status(204).send(null);
    },
  );
}
