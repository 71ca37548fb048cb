import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { assertActsFor } from '../../http/auth/principal.js';
import { errors, UserId, UserParams } from '../../http/schemas.js';
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
const UpdateUserBody = Type.Object({ timeZone: TimeZone }, { additionalProperties: false });
const UpdatedUser = Type.Object({ userId: Type.String(), timeZone: Type.String({ description: 'Canonical IANA name' }) });
const UserRecord = Type.Object({
  userId: Type.String(),
  createdAt: Type.Integer(),
  timeZone: Type.String({ description: 'IANA name; UTC unless set' }),
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
          "The user's record: its id, when it was created and its time zone (whose calendar drives its streak periods and event " +
          'limits). A user may read its own; a service, API key or the admin any user of the project. 404 USER_NOT_FOUND for an ' +
          'unknown user or one being deleted.',
        tags,
        security,
        summary: 'Read a user: creation time and time zone',
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
          "Changes the user's time zone (an IANA name such as Europe/Berlin). From the next event on, the user's own calendar decides " +
          'streak periods and daily, weekly and monthly limits; boards, analytics and offer months stay UTC.',
        tags,
        security,
        summary: "Change a user's time zone (the user itself or a service principal)",
        params: UserParams,
        body: UpdateUserBody,
        response: { 200: UpdatedUser, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => {
      assertActsFor(req.principal, req.params.userId);
      return users.setTimeZone(req.principal.projectId, req.params.userId, req.body.timeZone);
    },
  );

  app.get(
    '/user/:userId/points',
    {
      schema: {
        operationId: 'getUserPoints',
        description:
          "The user's spendable point balance, the points still pending and the next days on which points expire. A user may read its " +
          'own; a service or API key any user of the project.',
        tags,
        security,
        summary: 'Point balance of a user',
        params: UserParams,
        response: { 200: Points, ...errors(400, 401, 403) },
      },
    },
    async (req) => {
      assertActsFor(req.principal, req.params.userId);
      const balance = await users.points(req.principal.projectId, req.params.userId);
      if (!balance.userExists) return { ...balance, pending: 0, expiring: [] };
      return { ...balance, ...(await app.services.expiry.userEconomy(req.principal.projectId, req.params.userId)) };
    },
  );

  app.delete(
    '/user/:userId',
    {
      schema: {
        operationId: 'deleteUser',
        description:
          'Starts the deletion of the user and all its loyalty data (ledger, history, progress, boards, coupons, answers). Answers 202 ' +
          'with the job; the user is gone for every read at once.',
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
