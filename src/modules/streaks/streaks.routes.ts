import { Type } from 'typebox';
import type { App } from '../../app.js';
import { assertActsFor } from '../../http/auth/principal.js';
import { errors, ResourceId, UserId } from '../../http/schemas.js';
import { StreakAnalytics, StreakBody, StreakDefinition, UserStreak, UserStreakList } from './streaks.schemas.js';

const AdminParams = Type.Object({ streakId: ResourceId });

/** The user's streaks, streak analytics and the /admin/streak resource. */
export async function streaksRoutes(app: App): Promise<void> {
  const { streaks } = app.services;
  const tags = ['streaks'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/user/:userId/streak',
    { schema: { tags, security, summary: "The user's streaks", params: Type.Object({ userId: UserId }), response: { 200: UserStreakList, ...errors(400, 401, 403) } } },
    (req) => {
      assertActsFor(req.principal, req.params.userId);
      return streaks.listForUser(req.principal.projectId, req.params.userId);
    },
  );

  app.get(
    '/user/:userId/streak/:streakId',
    {
      schema: {
        tags,
        security,
        summary: 'One streak of the user',
        params: Type.Object({ userId: UserId, streakId: ResourceId }),
        response: { 200: Type.Object({ streak: UserStreak }), ...errors(400, 401, 403, 404) },
      },
    },
    (req) => {
      assertActsFor(req.principal, req.params.userId);
      return streaks.getForUser(req.principal.projectId, req.params.userId, req.params.streakId);
    },
  );

  app.get(
    '/analytics/streak',
    {
      config: { auth: 'jwtOrApiKey' },
      schema: {
        tags: ['analytics'],
        security: [{ bearerAuth: [] }, { apiKey: [] }],
        summary: 'Participation in a streak; null before the first participant',
        querystring: Type.Object({ streakId: ResourceId }),
        response: { 200: Type.Union([StreakAnalytics, Type.Null()]), ...errors(400, 401) },
      },
    },
    async (req, reply) => reply.status(200).send(await streaks.analytics(req.principal.projectId, req.query.streakId)),
  );

  const admin = { tags: ['admin: streaks'], security: [{ adminToken: [] }] };
  app.post(
    '/admin/streak',
    { schema: { ...admin, summary: 'Create a streak', body: StreakBody, response: { 201: StreakDefinition, ...errors(400, 401, 404, 409) } } },
    async (req, reply) => reply.status(201).send(await streaks.create(req.principal.projectId, req.body)),
  );
  app.get('/admin/streak', { schema: { ...admin, summary: 'List streaks', response: { 200: Type.Array(StreakDefinition), ...errors(401, 404) } } }, (req) =>
    streaks.list(req.principal.projectId),
  );
  app.get(
    '/admin/streak/:streakId',
    { schema: { ...admin, summary: 'Get a streak', params: AdminParams, response: { 200: StreakDefinition, ...errors(400, 401, 404) } } },
    (req) => streaks.get(req.principal.projectId, req.params.streakId),
  );
  app.put(
    '/admin/streak/:streakId',
    { schema: { ...admin, summary: 'Replace a streak', params: AdminParams, body: StreakBody, response: { 200: StreakDefinition, ...errors(400, 401, 404) } } },
    (req) => streaks.update(req.principal.projectId, req.params.streakId, req.body),
  );
  app.delete(
    '/admin/streak/:streakId',
    { schema: { ...admin, summary: 'Delete a streak with its states and aggregates', params: AdminParams, response: { 204: Type.Null(), ...errors(400, 401, 404) } } },
    async (req, reply) => {
      await streaks.delete(req.principal.projectId, req.params.streakId);
      return reply.status(204).send(null);
    },
  );
}
