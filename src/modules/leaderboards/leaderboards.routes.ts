import type { App } from '../../http/app-type.js';
import { assertActsFor } from '../../http/auth/principal.js';
import { optionalBody } from '../../http/empty-body.js';
import { sendJsonText } from '../../http/json-text.js';
import { errors, UserParams } from '../../http/schemas.js';
import {
  BoardQuery,
  FullBoard,
  JoinBody,
  PersonalBoard,
  PersonalQuery,
  Profile,
  ProjectParams,
  RankQuery,
  Ranks,
} from './leaderboards.schemas.js';

/** The four leaderboard routes; a JWT or an API key. */
export async function leaderboardsRoutes(app: App): Promise<void> {
  const { leaderboards } = app.services;
  const config = { auth: 'jwtOrApiKey' as const };
  const tags = ['leaderboards'];
  const security: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKey: [] }];

  app.get(
    '/project/:projectId/leaderboard',
    {
      config,
      schema: {
        operationId: 'getLeaderboard',
        description:
          'A page of the ranking of a user group: a calendar month (month=YYYY-MM) or a rolling window (timeframe=7d|30d|365d). Ties ' +
          'rank by who reached the total first. `currency` (default `points`) picks the board of one currency of the project.',
        tags,
        security,
        summary: 'Full ranking of a user group for a month or a rolling window',
        params: ProjectParams,
        querystring: BoardQuery,
        response: { 200: FullBoard, ...errors(400, 401, 404) },
      },
    },
    async (req, reply) => sendJsonText(reply, await leaderboards.board(req.principal.projectId, req.params.projectId, req.query)),
  );

  app.get(
    '/user/:userId/leaderboard',
    {
      config,
      schema: {
        operationId: 'getUserLeaderboard',
        description:
          'The top 3, the user and `around` neighbours on each side, for a month or a rolling window, on the board of `currency` ' +
          '(default `points`).',
        tags,
        security,
        summary: 'Personalized view: top 3, the user and the neighbours',
        params: UserParams,
        querystring: PersonalQuery,
        response: { 200: PersonalBoard, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => {
      assertActsFor(req.principal, req.params.userId);
      return leaderboards.personal(req.principal.projectId, req.params.userId, req.query);
    },
  );

  app.get(
    '/user/:userId/rank',
    {
      config,
      schema: {
        operationId: 'getUserRanks',
        description:
          "The user's rank and points on the 7-day, 30-day and 365-day boards of a user group (and `currency`, default " +
          '`points`). `month` and `timeframe` are refused (400 INVALID_PARAMETER): the answer always holds the three windows.',
        tags,
        security,
        summary: 'Rank and points in the 7d, 30d and 365d windows',
        params: UserParams,
        querystring: RankQuery,
        response: { 200: Ranks, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => {
      assertActsFor(req.principal, req.params.userId);
      return leaderboards.ranks(req.principal.projectId, req.params.userId, req.query);
    },
  );

  app.post(
    '/user/:userId/leaderboard',
    {
      config,
      schema: {
        operationId: 'setLeaderboardProfile',
        description: "Sets the user's display name and whether the user appears anonymously on the boards.",
        tags,
        security,
        summary: 'Join the leaderboards: display name and anonymity (no body at all is the same as {})',
        params: UserParams,
        body: JoinBody,
        response: { 200: Profile, ...errors(400, 401, 403, 404) },
      },
      ...optionalBody,
    },
    (req) => {
      assertActsFor(req.principal, req.params.userId);
      return leaderboards.setProfile(req.principal.projectId, req.params.userId, req.body);
    },
  );
}
