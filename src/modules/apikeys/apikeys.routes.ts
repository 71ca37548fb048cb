import { Type } from 'typebox';
import type { App } from '../../app.js';
import { errors, ResourceId } from '../../http/schemas.js';

const ApiKey = Type.Object({
  apiKeyId: Type.String(),
  name: Type.String(),
  keyPrefix: Type.String({ description: 'First characters of the key, to tell keys apart' }),
  createdAt: Type.Integer(),
});
const CreatedApiKey = Type.Object({
  apiKeyId: Type.String(),
  name: Type.String(),
  keyPrefix: Type.String(),
  createdAt: Type.Integer(),
  key: Type.String({ description: 'The key itself; shown only in this response' }),
});
const Body = Type.Object({ apiKeyId: Type.Optional(ResourceId), name: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
const Params = Type.Object({ apiKeyId: ResourceId });

/** /admin/apikey: create (key shown once), list, get, rename, revoke. */
export async function apiKeysRoutes(app: App): Promise<void> {
  const { apiKeys } = app.services;
  const tags = ['admin: api keys'];
  const security = [{ adminToken: [] }];

  app.post('/admin/apikey', { schema: { tags, security, body: Body, response: { 201: CreatedApiKey, ...errors(400, 401, 404, 409) } } }, async (req, reply) =>
    reply.status(201).send(await apiKeys.create(req.principal.projectId, req.body)),
  );
  app.get('/admin/apikey', { schema: { tags, security, response: { 200: Type.Array(ApiKey), ...errors(401, 404) } } }, (req) =>
    apiKeys.list(req.principal.projectId),
  );
  app.get('/admin/apikey/:apiKeyId', { schema: { tags, security, params: Params, response: { 200: ApiKey, ...errors(401, 404) } } }, (req) =>
    apiKeys.get(req.principal.projectId, req.params.apiKeyId),
  );
  app.put('/admin/apikey/:apiKeyId', { schema: { tags, security, params: Params, body: Body, response: { 200: ApiKey, ...errors(400, 401, 404) } } }, (req) =>
    apiKeys.rename(req.principal.projectId, req.params.apiKeyId, req.body.name),
  );
  app.delete('/admin/apikey/:apiKeyId', { schema: { tags, security, params: Params, response: { 204: Type.Null(), ...errors(401, 404) } } }, async (req, reply) => {
    await apiKeys.revoke(req.principal.projectId, req.params.apiKeyId);
    return reply.status(204).send(null);
  });
}
