import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { errors, ResourceId } from '../../http/schemas.js';
import { eventLogRoutes, logRejection } from './event-log.routes.js';
import {
  EventDefinition,
  EventDefinitionBody,
  EventResponse,
  MAX_BULK_EVENTS,
  PostEventBody,
  PostEventsBody,
  PostEventsResponse,
} from './events.schemas.js';

const Params = Type.Object({ eventId: ResourceId });
const ListQuery = Type.Object({
  showAll: Type.Boolean({ default: true, description: 'true: every event; false: only ACTIVE ones' }),
});

/** POST /event (the hot path), POST /events (bulk), GET /event, GET /event/{eventId} and the /admin/event resource. */
export async function eventsRoutes(app: App): Promise<void> {
  const { events } = app.services;
  const defs = events.definitions;
  const tags = ['events'];
  const security: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKey: [] }];
  const config = { auth: 'jwtOrApiKey' as const };

  app.post(
    '/event',
    {
      config,
      onSend: logRejection(events.log),
      schema: {
        operationId: 'logEvent',
        description:
          "Logs one user event. Its definition's reward (conditions, limits, group rewards) gives points; challenges, streaks, " +
          'leaderboards and analytics move in the same write. Answers with the points awarded and everything the event completed. ' +
          'An optional Idempotency-Key makes retries safe.',
        tags,
        security,
        summary: 'Log a user event: points, challenges, streaks, leaderboards, analytics',
        body: PostEventBody,
        response: { 200: EventResponse, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    (req) => events.ingest(req.principal, req.body, req.idempotencyClaim),
  );

  app.post(
    '/events',
    {
      config,
      // 1,000 events with metadata are larger than the 256 KiB every other body may have.
      bodyLimit: 4 * 1024 * 1024,
      // One JSON.stringify of the whole array: each item was shaped by the code that produced it.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        operationId: 'logEvents',
        tags,
        security,
        summary: `Log up to ${MAX_BULK_EVENTS} events at once (integrations, backfills)`,
        description:
          'Each item is a POST /event body, checked and applied as POST /event would (same authorisation per item), in order; ' +
          'the items share write batches. The response has one result per item: the POST /event response, or the error body of ' +
          'that item (its statusCode says which). One item refused does not fail the others. An Idempotency-Key covers the whole request.',
        body: PostEventsBody,
        response: { 200: PostEventsResponse, ...errors(400, 401, 409, 413, 429) },
      },
    },
    (req) => events.ingestMany(req.principal, req.body.events, req.idempotencyClaim),
  );

  app.get(
    '/event',
    {
      config,
      schema: {
        operationId: 'listEventDefinitions',
        description:
          "The project's event definitions (showAll=false: only ACTIVE ones). 204 only when the project has no definition " +
          'at all; with definitions but none ACTIVE, showAll=false answers 200 [].',
        tags,
        security,
        summary: 'Event definitions',
        querystring: ListQuery,
        response: { 200: Type.Array(EventDefinition), 204: Type.Null(), ...errors(400, 401) },
      },
    },
    async (req, reply) => {
      // 204 only when the project has no definition at all; none ACTIVE among some is an empty list.
      const all = await defs.list(req.principal.projectId);
      if (all.length === 0) return reply.status(204).send(null);
      return req.query.showAll ? all : all.filter((d) => d.status === 'ACTIVE');
    },
  );

  app.get(
    '/event/:eventId',
    {
      config,
      schema: {
        operationId: 'getEventDefinition',
        description: 'One active event definition.',
        tags,
        security,
        summary: 'One event definition',
        params: Params,
        response: { 200: EventDefinition, ...errors(400, 401, 404) },
      },
    },
    (req) => defs.get(req.principal.projectId, req.params.eventId),
  );

  const adminTags = ['admin: events'];
  const adminSecurity = [{ adminToken: [] }];
  app.post(
    '/admin/event',
    {
      schema: {
        operationId: 'createEventDefinition',
        description: 'Creates an event definition: its reward, conditions on metadata, limits and group rewards.',
        tags: adminTags,
        security: adminSecurity,
        summary: 'Create an event definition',
        body: EventDefinitionBody,
        response: { 201: EventDefinition, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await defs.create(req.principal.projectId, req.body)),
  );
  app.get(
    '/admin/event',
    {
      schema: {
        operationId: 'listAdminEventDefinitions',
        description: 'Every event definition of the project, active or not.',
        tags: adminTags,
        security: adminSecurity,
        summary: 'Event definitions',
        response: { 200: Type.Array(EventDefinition), ...errors(401, 404) },
      },
    },
    (req) => defs.list(req.principal.projectId),
  );
  app.get(
    '/admin/event/:eventId',
    {
      schema: {
        operationId: 'getAdminEventDefinition',
        description: 'One event definition of the project, active or not.',
        tags: adminTags,
        security: adminSecurity,
        summary: 'One event definition',
        params: Params,
        response: { 200: EventDefinition, ...errors(401, 404) },
      },
    },
    (req) => defs.get(req.principal.projectId, req.params.eventId),
  );
  app.put(
    '/admin/event/:eventId',
    {
      schema: {
        operationId: 'updateEventDefinition',
        description: 'Replaces an event definition; events logged from now on use it.',
        tags: adminTags,
        security: adminSecurity,
        summary: 'Replace an event definition',
        params: Params,
        body: EventDefinitionBody,
        response: { 200: EventDefinition, ...errors(400, 401, 404) },
      },
    },
    (req) => defs.update(req.principal.projectId, req.params.eventId, req.body),
  );
  app.delete(
    '/admin/event/:eventId',
    {
      schema: {
        operationId: 'deleteEventDefinition',
        description: 'Deletes an event definition; history entries it produced stay.',
        tags: adminTags,
        security: adminSecurity,
        summary: 'Delete an event definition',
        params: Params,
        response: { 204: Type.Null(), ...errors(401, 404) },
      },
    },
    async (req, reply) => {
      await defs.delete(req.principal.projectId, req.params.eventId);
      return reply.status(204).send(null);
    },
  );

  await eventLogRoutes(app);
}
