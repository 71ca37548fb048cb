import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { assertActsFor } from '../../http/auth/principal.js';
import { errors, ResourceId, UserId } from '../../http/schemas.js';
import {
  GrantedFreezes,
  GrantFreezesBody,
  StreakAnalytics,
  StreakBody,
  StreakDefinition,
  UserStreak,
  UserStreakList,
} from './streaks.schemas.js';

const AdminParams = Type.Object({ streakId: ResourceId });

/** The user's streaks, streak analytics and the /admin/streak resource. */
export async function streaksRoutes(app: App): Promise<void> {
  const { streaks } = app.services;
  const tags = ['streaks'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/user/:userId/streak',
    {
      schema: {
        operationId: 'listUserStreaks',
        description: "Every active streak with the user's current and longest run and the milestones reached.",
        tags,
        security,
        summary: "The user's streaks",
        params: Type.Object({ userId: UserId }),
        response: { 200: UserStreakList, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => {
      assertActsFor(req.principal, req.params.userId);
      return streaks.listForUser(req.principal.projectId, req.params.userId);
    },
  );

  app.get(
    '/user/:userId/streak/:streakId',
    {
      schema: {
        operationId: 'getUserStreak',
        description: "One streak with the user's state.",
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
        operationId: 'getStreakAnalytics',
        description: 'How many users take part in a streak and how long their runs are; null before the first participant.',
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
    {
      schema: {
        operationId: 'createStreak',
        description: 'Creates a daily, weekly or monthly streak over an event definition, with milestone bonuses.',
        ...admin,
        summary: 'Create a streak',
        body: StreakBody,
        response: { 201: StreakDefinition, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await streaks.create(req.principal.projectId, req.body)),
  );
  app.get(
    '/admin/streak',
    {
      schema: {
        operationId: 'listStreaks',
        description: "The project's streaks.",
        ...admin,
        summary: 'List streaks',
        response: { 200: Type.Array(StreakDefinition), ...errors(401, 404) },
      },
    },
    (req) => streaks.list(req.principal.projectId),
  );
  app.get(
    '/admin/streak/:streakId',
    {
      schema: {
        operationId: 'getStreak',
        description: 'One streak of the project.',
        ...admin,
        summary: 'Get a streak',
        params: AdminParams,
        response: { 200: StreakDefinition, ...errors(400, 401, 404) },
      },
    },
    (req) => streaks.get(req.principal.projectId, req.params.streakId),
  );
  app.put(
    '/admin/streak/:streakId',
    {
      schema: {
        operationId: 'updateStreak',
        description: "Replaces a streak; users' states are kept.",
        ...admin,
        summary: 'Replace a streak',
        params: AdminParams,
        body: StreakBody,
        response: { 200: StreakDefinition, ...errors(400, 401, 404) },
      },
    },
    (req) => streaks.update(req.principal.projectId, req.params.streakId, req.body),
  );
  app.post(
    '/admin/user/:userId/streak/:streakId/freeze',
    {
      schema: {
        operationId: 'grantStreakFreezes',
        description:
          "Adds freezes to the user's bank for a streak, up to the streak's freezes.max. A banked freeze covers a missed period at the " +
          "user's next event.",
        ...admin,
        summary: "Bank streak freezes for a user (cut at the streak's max)",
        params: Type.Object({ userId: UserId, streakId: ResourceId }),
        body: GrantFreezesBody,
        response: { 200: GrantedFreezes, ...errors(400, 401, 404) },
      },
    },
    (req) => streaks.freezes.grant(req.principal.projectId, req.params.userId, req.params.streakId, req.body.count),
  );
  app.delete(
    '/admin/streak/:streakId',
    {
      schema: {
        operationId: 'deleteStreak',
        description: "Deletes a streak with every user's state and its aggregates.",
        ...admin,
        summary: 'Delete a streak with its states and aggregates',
        params: AdminParams,
        response: { 204: Type.Null(), ...errors(400, 401, 404) },
      },
    },
    async (req, reply) => {
      await streaks.delete(req.principal.projectId, req.params.streakId);
      return reply.status(204).send(null);
    },
  );
}
