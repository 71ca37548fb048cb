import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { assertActsFor } from '../../http/auth/principal.js';
import { AppError } from '../../http/errors.js';
import { errors, Millis, UserParams } from '../../http/schemas.js';
import { MAX_BOARDS, MAX_TOP, parseBoards } from './live-boards.js';

/** The routes that change a user's notification flags outside the write path. */
const NOTIFICATION_ROUTES = new Set(['/user/:userId/notifications/overview', '/user/:userId/notifications/change']);

const EventStream = {
  description:
    'A Server-Sent Events stream (text/event-stream); each message has `id:`, `event:` and JSON `data:` (docs/live.md). ' +
    'Comment lines are heartbeats.',
  content: { 'text/event-stream': { schema: Type.String() } },
};

const token = Type.Optional(
  Type.String({ maxLength: 200, description: 'A stream token (POST /user/{userId}/stream-token), instead of a header' }),
);

const UserStreamQuery = Type.Object(
  {
    boards: Type.Optional(
      Type.String({
        maxLength: 600,
        description: `Up to ${MAX_BOARDS} boards, comma-separated: group:7d, group:30d, group:365d or group:month (the current one)`,
      }),
    ),
    lastEventId: Type.Optional(Type.String({ maxLength: 64, description: 'Same as the Last-Event-ID header (which wins)' })),
    token,
  },
  { additionalProperties: false },
);

const BoardStreamParams = Type.Object({ projectId: Type.String({ minLength: 1, maxLength: 128 }) });
const BoardStreamQuery = Type.Object(
  {
    groupId: Type.String({ minLength: 1, maxLength: 128, description: 'User group; `default` is every user' }),
    month: Type.Optional(Type.String({ description: 'YYYY-MM' })),
    timeframe: Type.Optional(Type.String({ description: '7d, 30d or 365d' })),
    currency: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'The currency whose board is sent (default `points`); unknown: 400 UNKNOWN_CURRENCY',
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_TOP, default: 10, description: `Entries sent (at most ${MAX_TOP})` })),
    token,
  },
  { additionalProperties: false },
);

const StreamToken = Type.Object({
  token: Type.String({ description: 'Use once, within 60 s, as ?token= of GET /user/{userId}/stream or the board stream' }),
  expiresAt: Millis('When the token stops being accepted'),
});

/** Live streams (docs/live.md): a user's stream, its one-time token, and a board's top for screens. */
export async function liveRoutes(app: App): Promise<void> {
  const { live } = app.services;
  const tags = ['live'];
  const security: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKey: [] }];

  app.addHook('preClose', () => live.shutdown());
  // Marking a section seen changes the notification flags without the write path: the user's streams read them again.
  app.addHook('onResponse', (req, reply, done) => {
    if (req.method === 'PUT' && reply.statusCode === 200 && NOTIFICATION_ROUTES.has(req.routeOptions.url ?? ''))
      live.touch(req.principal.projectId, (req.params as { userId: string }).userId);
    done();
  });

  app.post(
    '/user/:userId/stream-token',
    {
      schema: {
        operationId: 'createStreamToken',
        description:
          'A token for one live stream connection, valid for 60 s: browsers’ EventSource cannot send an Authorization header. ' +
          'For the user itself or a service principal.',
        tags,
        security,
        summary: 'One-time token to open a live stream',
        params: UserParams,
        response: { 200: StreamToken, ...errors(400, 401, 403) },
      },
    },
    (req) => {
      assertActsFor(req.principal, req.params.userId);
      return live.issueToken(req.principal.projectId, req.params.userId);
    },
  );

  app.get(
    '/user/:userId/stream',
    {
      config: { streamToken: true },
      schema: {
        operationId: 'streamUser',
        description:
          'Server-Sent Events for one user: points.changed, challenge.progress, challenge.completed, streak.updated, tier.changed, ' +
          'achievement.unlocked, ' +
          'notifications.changed and rank.changed (for `boards`), each with an id; a reconnect with Last-Event-ID replays the last 5 ' +
          'minutes or sends `reset`. At most 5 streams per user (429) and a total per instance (503), both with Retry-After.',
        tags,
        security,
        summary: "A user's live stream (SSE)",
        params: UserParams,
        querystring: UserStreamQuery,
        response: { 200: EventStream, ...errors(400, 401, 403, 404, 429, 503) },
      },
    },
    async (req, reply) => {
      assertActsFor(req.principal, req.params.userId);
      const boards = parseBoards(req.query.boards);
      const header = req.headers['last-event-id'];
      const lastEventId = typeof header === 'string' && header !== '' ? header : (req.query.lastEventId ?? null);
      await live.openUserStream(reply, req.principal.projectId, req.params.userId, boards, lastEventId);
    },
  );

  app.get(
    '/project/:projectId/leaderboard/stream',
    {
      config: { streamToken: true },
      schema: {
        operationId: 'streamLeaderboard',
        description:
          'Server-Sent Events for a screen: `leaderboard` messages with the top `limit` of a board (the body of GET ' +
          '/project/{projectId}/leaderboard), now and whenever it changes, at most once a second.',
        tags,
        security,
        summary: 'A board’s top, live (SSE)',
        params: BoardStreamParams,
        querystring: BoardStreamQuery,
        response: { 200: EventStream, ...errors(400, 401, 404, 503) },
      },
    },
    async (req, reply) => {
      if (req.params.projectId !== req.principal.projectId) throw AppError.of('PROJECT_NOT_FOUND', req.params.projectId);
      const { groupId, month, timeframe, currency, limit } = req.query;
      const period = { month, timeframe, ...(currency === undefined ? {} : { currency }) };
      await live.openBoardStream(reply, req.principal.projectId, groupId, period, limit ?? 10);
    },
  );

  app.get(
    '/admin/event-log/stream',
    {
      schema: {
        operationId: 'streamEventLog',
        description:
          'Server-Sent Events for the operator: `event-log` messages with the body of GET /admin/event-log?limit=1 (the ' +
          'project’s newest entry), now and whenever a newer entry is logged on any instance, at most once a second (docs/live.md).',
        tags: ['admin: events'],
        security: [{ adminToken: [] }],
        summary: 'Event log, live (SSE)',
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: EventStream, ...errors(400, 401, 404, 503) },
      },
    },
    (req, reply) => live.openEventLogStream(reply, req.principal.projectId),
  );
}
