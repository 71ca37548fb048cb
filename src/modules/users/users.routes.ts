import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { assertActsFor } from '../../http/auth/principal.js';
import { AppError } from '../../http/errors.js';
import { errors, UserId, UserParams } from '../../http/schemas.js';
import { Attributes, AttributesChange } from './user-attributes.js';
import { UserListPage, UserListQuery } from './user-list.js';

const TimeZone = Type.String({
  minLength: 1,
  maxLength: 64,
  description:
    "IANA time zone name (e.g. Europe/Berlin); its local calendar drives the user's streak periods and daily/weekly/monthly event limits",
});
const CreateUserBody = Type.Object({ userId: UserId, timeZone: Type.Optional(TimeZone) }, { additionalProperties: false });
const CreatedUser = Type.Object({
  message: Type.String(),
  userId: Type.String(),
  createdAt: Type.Integer(),
  timeZone: Type.String({ description: 'Canonical IANA name; UTC when none was given' }),
});
const UpdateUserBody = Type.Object(
  { timeZone: Type.Optional(TimeZone), attributes: Type.Optional(AttributesChange) },
  { additionalProperties: false, minProperties: 1 },
);
const UpdatedUser = Type.Object({
  userId: Type.String(),
  timeZone: Type.String({ description: 'Canonical IANA name' }),
  attributes: Attributes,
});
const UserRecord = Type.Object({
  userId: Type.String(),
  createdAt: Type.Integer(),
  timeZone: Type.String({ description: 'IANA name; UTC unless set' }),
  attributes: Attributes,
});
const DeletionStarted = Type.Object({ message: Type.String(), userId: Type.String(), jobId: Type.String() });
const Points = Type.Object({
  userId: Type.String(),
  points: Type.Number(),
  userExists: Type.Boolean(),
  pending: Type.Integer({ description: 'Points credited pending (not spendable yet); not part of `points`' }),
  expiring: Type.Array(
    Type.Object({
      points: Type.Integer(),
      expiresAt: Type.Integer({ description: 'The last millisecond the points can be spent (end of a UTC day, Unix ms)' }),
    }),
    {
      description: "The next three days on which points expire, earliest first (empty while the project's points do not expire)",
    },
  ),
});

export async function usersRoutes(app: App): Promise<void> {
  const { users, userDeletion } = app.services;
  const tags = ['users'];
  const security = [{ bearerAuth: [] }];

  // Every read of a user whose deletion is under way answers 404 (decision 215), whichever module
  // serves it: its data is being removed, and a half-deleted view is no one's data. A caller that
  // may not act for the user is left to the route (403), so the state is not told to it.
  app.addHook('preHandler', async (req) => {
    if (req.method !== 'GET' || !req.routeOptions.url?.startsWith('/user/:userId')) return;
    const { userId } = req.params as { userId?: string };
    const p = req.principal;
    if (userId === undefined || !p || (p.kind === 'user' && p.userId !== userId)) return;
    if (await users.beingDeleted(p.projectId, userId)) throw AppError.of('USER_NOT_FOUND', userId);
  });

  app.post(
    '/user',
    {
      schema: {
        operationId: 'createUser',
        description:
          'Creates a user of the project with a balance of 0, in its time zone (UTC when none is given). 400 USER_EXISTS when the id ' +
          'is taken; 409 USER_BEING_DELETED while a user of that id is being deleted.',
        tags,
        security,
        summary: 'Create a user',
        body: CreateUserBody,
        response: { 201: CreatedUser, ...errors(400, 401, 403, 409) },
      },
    },
    async (req, reply) => {
      assertActsFor(req.principal, req.body.userId);
      const created = await users.create(req.principal.projectId, req.body.userId, req.body.timeZone);
      return reply.status(201).send({ message: 'User created', ...created });
    },
  );

  app.get(
    '/user/:userId',
    {
      schema: {
        operationId: 'getUser',
        description:
          "The user's record: its id, when it was created, its time zone (whose calendar drives its streak periods and event " +
          'limits) and its attributes. A user may read its own; a service, API key or the admin any user of the project. ' +
          '404 USER_NOT_FOUND for an unknown user or one being deleted.',
        tags,
        security,
        summary: 'Read a user: creation time, time zone and attributes',
        params: UserParams,
        response: { 200: UserRecord, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => {
      assertActsFor(req.principal, req.params.userId);
      return users.get(req.principal.projectId, req.params.userId);
    },
  );

  app.patch(
    '/user/:userId',
    {
      schema: {
        operationId: 'updateUser',
        description:
          "Changes the user's time zone (an IANA name such as Europe/Berlin) and its attributes. From the next event on, the " +
          "user's own calendar decides streak periods and daily, weekly and monthly limits; boards, analytics and offer months stay " +
          'UTC. Attributes (read by segments) merge into those the user has: a key given as null is removed; at most 20 keys. The ' +
          'user itself may change its time zone; only a service principal, an API key or the admin may set attributes ' +
          '(403 ATTRIBUTES_FORBIDDEN for a user token).',
        tags,
        security,
        summary: "Change a user's time zone (the user itself or a service) or attributes (a service or the admin)",
        params: UserParams,
        body: UpdateUserBody,
        response: { 200: UpdatedUser, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => {
      assertActsFor(req.principal, req.params.userId);
      if (req.body.attributes !== undefined && req.principal.kind === 'user') {
        throw AppError.of('ATTRIBUTES_FORBIDDEN', 'Only a service principal, an API key or the admin may set user attributes');
      }
      return users.update(req.principal.projectId, req.params.userId, req.body);
    },
  );

  app.get(
    '/user/:userId/points',
    {
      schema: {
        operationId: 'getUserPoints',
        description:
          "The user's spendable point balance, the points still pending and the next days on which points expire. A user may read its " +
          'own; a service or API key any user of the project. An unknown user has 0 points and userExists false; a user whose ' +
          'deletion is under way is 404 USER_NOT_FOUND.',
        tags,
        security,
        summary: 'Point balance of a user',
        params: UserParams,
        response: { 200: Points, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      assertActsFor(req.principal, req.params.userId);
      const balance = await users.points(req.principal.projectId, req.params.userId);
      if (!balance.userExists) return { ...balance, pending: 0, expiring: [] };
      return { ...balance, ...(await app.services.expiry.userEconomy(req.principal.projectId, req.params.userId, balance.points)) };
    },
  );

  app.delete(
    '/user/:userId',
    {
      schema: {
        operationId: 'deleteUser',
        description:
          'Starts the deletion of the user and all its loyalty data (ledger, history, progress, boards, coupons, answers) in a ' +
          'background job, and answers with its jobId; from then on every read of the user is 404 USER_NOT_FOUND. A second DELETE ' +
          'while it runs answers the same job; a DELETE after the job failed queues it again.',
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

  app.get(
    '/admin/user',
    {
      schema: {
        operationId: 'listUsers',
        description:
          "The project's users with their balance, last activity and creation time: filtered by a userId prefix, sorted by points, " +
          'last activity or creation (newest or highest first), paged by cursor. Users being deleted are left out.',
        tags: ['admin: users'],
        security: [{ adminToken: [] }],
        summary: 'Users of the project: search by userId prefix, sort by points, last activity or creation, paged',
        querystring: UserListQuery,
        response: { 200: UserListPage, ...errors(400, 401, 404) },
      },
    },
    (req) => users.list(req.principal.projectId, req.query),
  );
}
