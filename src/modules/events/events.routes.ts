import { Type } from 'typebox';
import type { App } from '../../app.js';
import { errors, ResourceId } from '../../http/schemas.js';
import { EventDefinition, EventDefinitionBody, EventResponse, PostEventBody } from './events.schemas.js';

const Params = Type.Object({ eventId: ResourceId });
const ListQuery = Type.Object({
  showAll: Type.Boolean({ default: true, description: 'true: every event; false: only ACTIVE ones' }),
});

/** POST /event (the hot path), GET /event, GET /event/{eventId} and the /admin/event resource. */
export async function eventsRoutes(app: App): Promise<void> {
  const { events } = app.services;
  const defs = events.definitions;
  const tags = ['events'];
  const security: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKey: [] }];
  const config = { auth: 'jwtOrApiKey' as const };
  app.addHook('onClose', () => events.close());

  app.post(
    '/event',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Log a user event: points, challenges, streaks, leaderboards, analytics',
        body: PostEventBody,
        response: { 200: EventResponse, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    (req) => events.ingest(req.principal, req.body),
  );

  app.get(
    '/event',
    { config, schema: { tags, security, summary: 'Event definitions', querystring: ListQuery, response: { 200: Type.Array(EventDefinition), 204: Type.Null(), ...errors(400, 401) } } },
    async (req, reply) => {
      const list = await defs.list(req.principal.projectId, !req.query.showAll);
      return list.length === 0 ? reply.status(204).send(null) : list;
    },
  );

  app.get(
    '/event/:eventId',
    { config, schema: { tags, security, summary: 'One event definition', params: Params, response: { 200: EventDefinition, ...errors(400, 401, 404) } } },
    (req) => defs.get(req.principal.projectId, req.params.eventId),
  );

  const adminTags = ['admin: events'];
  const adminSecurity = [{ adminToken: [] }];
  app.post(
    '/admin/event',
    { schema: { tags: adminTags, security: adminSecurity, summary: 'Create an event definition', body: EventDefinitionBody, response: { 201: EventDefinition, ...errors(400, 401, 404, 409) } } },
    async (req, reply) => reply.status(201).send(await defs.create(req.principal.projectId, req.body)),
  );
  app.get('/admin/event', { schema: { tags: adminTags, security: adminSecurity, summary: 'Event definitions', response: { 200: Type.Array(EventDefinition), ...errors(401, 404) } } }, (req) =>
    defs.list(req.principal.projectId),
  );
  app.get(
    '/admin/event/:eventId',
    { schema: { tags: adminTags, security: adminSecurity, summary: 'One event definition', params: Params, response: { 200: EventDefinition, ...errors(401, 404) } } },
    (req) => defs.get(req.principal.projectId, req.params.eventId),
  );
  app.put(
    '/admin/event/:eventId',
    {
      schema: { tags: adminTags, security: adminSecurity, summary: 'Replace an event definition', params: Params, body: EventDefinitionBody, response: { 200: EventDefinition, ...errors(400, 401, 404) } },
    },
    (req) => defs.update(req.principal.projectId, req.params.eventId, req.body),
  );
  app.delete(
    '/admin/event/:eventId',
    { schema: { tags: adminTags, security: adminSecurity, summary: 'Delete an event definition', params: Params, response: { 204: Type.Null(), ...errors(401, 404) } } },
    async (req, reply) => {
      await defs.delete(req.principal.projectId, req.params.eventId);
      return reply.status(204).send(null);
    },
  );
}
