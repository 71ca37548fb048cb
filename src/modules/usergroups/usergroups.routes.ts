import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { errors } from '../../http/schemas.js';
import { CreatedUserGroup, CreateUserGroupBody, UpdateUserGroupBody, UserGroup, UserGroupId } from './usergroups.schemas.js';

const Params = Type.Object({ userGroupId: UserGroupId });

/** POST /usergroup (JWT of any role or API key) and the /admin/usergroup resource. */
export async function userGroupsRoutes(app: App): Promise<void> {
  const { userGroups } = app.services;

  app.post(
    '/usergroup',
    {
      config: { auth: 'jwtOrApiKey' },
      schema: {
        operationId: 'createUserGroupAsService',
        description: 'Creates a user group with a service token or API key (the admin route is POST /admin/usergroup).',
        tags: ['user groups'],
        summary: 'Create a user group',
        security: [{ bearerAuth: [] }, { apiKey: [] }],
        body: CreateUserGroupBody,
        response: { 201: CreatedUserGroup, ...errors(400, 401, 409) },
      },
    },
    async (req, reply) => {
      const group = await userGroups.create(req.principal.projectId, req.body);
      return reply.status(201).send({ message: 'User group created', userGroupId: group.userGroupId, createdAt: group.createdAt });
    },
  );

  const tags = ['admin: user groups'];
  const security = [{ adminToken: [] }];
  const AdminCreated = Type.Intersect([UserGroup, Type.Object({ message: Type.String() })]);
  app.post(
    '/admin/usergroup',
    {
      schema: {
        operationId: 'createUserGroup',
        summary: 'Create a user group',
        description: 'Creates a user group: users in it earn the group rewards of event definitions and have their own leaderboards.',
        tags,
        security,
        body: CreateUserGroupBody,
        response: { 201: AdminCreated, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => {
      const group = await userGroups.create(req.principal.projectId, req.body);
      return reply.status(201).send({ message: 'User group created', ...group });
    },
  );
  app.get(
    '/admin/usergroup',
    {
      schema: {
        operationId: 'listUserGroups',
        summary: 'List user groups',
        description: "The project's user groups.",
        tags,
        security,
        response: { 200: Type.Array(UserGroup), ...errors(401, 404) },
      },
    },
    (req) => userGroups.list(req.principal.projectId),
  );
  app.get(
    '/admin/usergroup/:userGroupId',
    {
      schema: {
        operationId: 'getUserGroup',
        summary: 'Get a user group',
        description: 'One user group of the project.',
        tags,
        security,
        params: Params,
        response: { 200: UserGroup, ...errors(401, 404) },
      },
    },
    (req) => userGroups.get(req.principal.projectId, req.params.userGroupId),
  );
  app.put(
    '/admin/usergroup/:userGroupId',
    {
      schema: {
        operationId: 'updateUserGroup',
        summary: 'Update a user group',
        description: "Replaces a user group's title and status; an INACTIVE group pays no group rewards and gets no board points.",
        tags,
        security,
        params: Params,
        body: UpdateUserGroupBody,
        response: { 200: UserGroup, ...errors(400, 401, 404) },
      },
    },
    (req) => userGroups.update(req.principal.projectId, req.params.userGroupId, req.body),
  );
  app.delete(
    '/admin/usergroup/:userGroupId',
    {
      schema: {
        operationId: 'deleteUserGroup',
        summary: 'Delete a user group',
        description: 'Deletes a user group; it no longer pays group rewards or has boards.',
        tags,
        security,
        params: Params,
        response: { 204: Type.Null(), ...errors(401, 404) },
      },
    },
    async (req, reply) => {
      await userGroups.delete(req.principal.projectId, req.params.userGroupId);
      return reply.status(204).send(null);
    },
  );
}
