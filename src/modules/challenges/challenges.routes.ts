import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { assertActsFor } from '../../http/auth/principal.js';
import { errors, ResourceId, UserId } from '../../http/schemas.js';
import { ChallengeBody, ChallengeDefinition, UserChallenge, UserChallengeList } from './challenges.schemas.js';

const AdminParams = Type.Object({ challengeId: ResourceId });
const UserChallengeParams = Type.Object({ userId: UserId, challengeId: ResourceId });
const ListQuery = Type.Object({
  completed: Type.Optional(Type.Boolean({ description: 'true: completed only; false: not completed only' })),
});

/** The user's challenges (GET /user/{userId}/challenge…) and the /admin/challenge resource. */
export async function challengesRoutes(app: App): Promise<void> {
  const { challenges } = app.services;
  const tags = ['challenges'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/user/:userId/challenge',
    {
      schema: {
        operationId: 'listUserChallenges',
        description: "Every active challenge with the user's progress, completion and reward.",
        tags,
        security,
        summary: "The user's challenges with progress",
        params: Type.Object({ userId: UserId }),
        querystring: ListQuery,
        response: { 200: UserChallengeList, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => {
      assertActsFor(req.principal, req.params.userId);
      return challenges.listForUser(req.principal.projectId, req.params.userId, req.query.completed);
    },
  );

  app.get(
    '/user/:userId/challenge/:challengeId',
    {
      schema: {
        operationId: 'getUserChallenge',
        description: "One challenge with the user's progress.",
        tags,
        security,
        summary: 'One challenge of the user, with progress',
        params: UserChallengeParams,
        response: { 200: Type.Object({ challenge: UserChallenge }), ...errors(400, 401, 403, 404) },
      },
    },
    (req) => {
      assertActsFor(req.principal, req.params.userId);
      return challenges.getForUser(req.principal.projectId, req.params.userId, req.params.challengeId);
    },
  );

  const admin = { tags: ['admin: challenges'], security: [{ adminToken: [] }] };
  app.post(
    '/admin/challenge',
    {
      schema: {
        operationId: 'createChallenge',
        description: 'Creates a challenge (series, single or time-limited; FIXED or SUM progress) over event definitions of the project.',
        ...admin,
        summary: 'Create a challenge',
        body: ChallengeBody,
        response: { 201: ChallengeDefinition, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await challenges.create(req.principal.projectId, req.body)),
  );
  app.get(
    '/admin/challenge',
    {
      schema: {
        operationId: 'listChallenges',
        description: "The project's challenges.",
        ...admin,
        summary: 'List challenges',
        response: { 200: Type.Array(ChallengeDefinition), ...errors(401, 404) },
      },
    },
    (req) => challenges.list(req.principal.projectId),
  );
  app.get(
    '/admin/challenge/:challengeId',
    {
      schema: {
        operationId: 'getChallenge',
        description: 'One challenge of the project.',
        ...admin,
        summary: 'Get a challenge',
        params: AdminParams,
        response: { 200: ChallengeDefinition, ...errors(400, 401, 404) },
      },
    },
    (req) => challenges.get(req.principal.projectId, req.params.challengeId),
  );
  app.put(
    '/admin/challenge/:challengeId',
    {
      schema: {
        operationId: 'updateChallenge',
        description: 'Replaces a challenge; progress already made is kept.',
        ...admin,
        summary: 'Replace a challenge',
        params: AdminParams,
        body: ChallengeBody,
        response: { 200: ChallengeDefinition, ...errors(400, 401, 404) },
      },
    },
    (req) => challenges.update(req.principal.projectId, req.params.challengeId, req.body),
  );
  app.delete(
    '/admin/challenge/:challengeId',
    {
      schema: {
        operationId: 'deleteChallenge',
        description: "Deletes a challenge and every user's progress in it.",
        ...admin,
        summary: 'Delete a challenge and its progress',
        params: AdminParams,
        response: { 204: Type.Null(), ...errors(400, 401, 404) },
      },
    },
    async (req, reply) => {
      await challenges.delete(req.principal.projectId, req.params.challengeId);
      return reply.status(204).send(null);
    },
  );
}
