import { Type } from 'typebox';
import type { App } from '../../app.js';
import { assertActsFor } from '../../http/auth/principal.js';
import { errors, UserId, UserParams } from '../../http/schemas.js';

const CreateUserBody = Type.Object({ userId: UserId }, { additionalProperties: false });
const CreatedUser = Type.Object({ message: Type.String(), userId: Type.String(), createdAt: Type.Integer() });
const DeletionStarted = Type.Object({ message: Type.String(), userId: Type.String(), jobId: Type.String() });
const Points = Type.Object({ userId: Type.String(), points: Type.Number(), userExists: Type.Boolean() });

export async function usersRoutes(app: App): Promise<void> {
  const { users, userDeletion } = app.services;
  const tags = ['users'];
  const security = [{ bearerAuth: [] }];

  app.post(
    '/user',
    { schema: { tags, security, summary: 'Create a user', body: CreateUserBody, response: { 201: CreatedUser, ...errors(400, 401, 403, 409) } } },
    async (req, reply) => {
      assertActsFor(req.principal, req.body.userId);
      const created = await users.create(req.principal.projectId, req.body.userId);
      return reply.status(201).send({ message: 'User created', ...created });
    },
  );

  app.get(
    '/user/:userId/points',
    { schema: { tags, security, summary: 'Point balance of a user', params: UserParams, response: { 200: Points, ...errors(400, 401, 403) } } },
    (req) => {
      assertActsFor(req.principal, req.params.userId);
      return users.points(req.principal.projectId, req.params.userId);
    },
  );

  app.delete(
    '/user/:userId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a user and its loyalty data (a background job; watch it at GET /admin/job/{jobId})',
        params: UserParams,
        response: { 200: DeletionStarted, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      assertActsFor(req.principal, req.params.userId);
      const { jobId } = await userDeletion.start(req.principal.projectId, req.params.userId);
      return { message: 'User deletion started', userId: req.params.userId, jobId };
    },
  );
}
