import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { sendJsonText } from '../../http/json-text.js';
import { errors } from '../../http/schemas.js';
import { ProjectParams } from '../leaderboards/index.js';
import {
  ArchivedBoard,
  ArchiveQuery,
  CloseParams,
  CloseStarted,
  SeasonPayouts,
  SeasonReward,
  SeasonRewardBody,
  SeasonRewardParams,
} from './seasons.schemas.js';

/** The archive of closed monthly boards, the /admin/season-reward resource and the early close of a month. */
export async function seasonsRoutes(app: App): Promise<void> {
  const { seasons, archivedBoards, monthClose } = app.services;

  app.get(
    '/project/:projectId/leaderboard/archive',
    {
      config: { auth: 'jwtOrApiKey' },
      schema: {
        operationId: 'getLeaderboardArchive',
        description:
          'A page of a monthly board as it stood when its month closed (the snapshot season rewards were paid from); events that ' +
          'arrive later change the live board only.',
        tags: ['leaderboards'],
        security: [{ bearerAuth: [] }, { apiKey: [] }],
        summary: 'The immutable snapshot of a monthly board, taken when its month closed',
        params: ProjectParams,
        querystring: ArchiveQuery,
        response: { 200: ArchivedBoard, ...errors(400, 401, 404) },
      },
    },
    async (req, reply) => sendJsonText(reply, await archivedBoards.archive(req.principal.projectId, req.params.projectId, req.query)),
  );

  const admin = { tags: ['admin: seasons'], security: [{ adminToken: [] }] };
  app.post(
    '/admin/season-reward',
    {
      schema: {
        operationId: 'createSeasonReward',
        description:
          "Creates a season reward: bands of ranks of a user group's monthly board, each paying points, an offer's coupon or both when " +
          'the month closes.',
        ...admin,
        summary: 'Create a season reward (rank bands of a group paid when a month closes)',
        body: SeasonRewardBody,
        response: { 201: SeasonReward, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await seasons.create(req.principal.projectId, req.body)),
  );
  app.get(
    '/admin/season-reward',
    {
      schema: {
        operationId: 'listSeasonRewards',
        description: "The project's season rewards.",
        ...admin,
        summary: 'List season rewards',
        response: { 200: Type.Array(SeasonReward), ...errors(401, 404) },
      },
    },
    (req) => seasons.list(req.principal.projectId),
  );
  app.get(
    '/admin/season-reward/:seasonRewardId',
    {
      schema: {
        operationId: 'getSeasonReward',
        description: 'One season reward of the project.',
        ...admin,
        summary: 'Get a season reward',
        params: SeasonRewardParams,
        response: { 200: SeasonReward, ...errors(400, 401, 404) },
      },
    },
    (req) => seasons.get(req.principal.projectId, req.params.seasonRewardId),
  );
  app.put(
    '/admin/season-reward/:seasonRewardId',
    {
      schema: {
        operationId: 'updateSeasonReward',
        description: "Replaces a season reward's group and bands; months already paid stay as paid.",
        ...admin,
        summary: 'Replace a season reward',
        params: SeasonRewardParams,
        body: SeasonRewardBody,
        response: { 200: SeasonReward, ...errors(400, 401, 404) },
      },
    },
    (req) => seasons.update(req.principal.projectId, req.params.seasonRewardId, req.body),
  );
  app.delete(
    '/admin/season-reward/:seasonRewardId',
    {
      schema: {
        operationId: 'deleteSeasonReward',
        description: 'Deletes a season reward; payouts already made stay.',
        ...admin,
        summary: 'Delete a season reward (payouts made stay)',
        params: SeasonRewardParams,
        response: { 204: Type.Null(), ...errors(400, 401, 404) },
      },
    },
    async (req, reply) => {
      await seasons.delete(req.principal.projectId, req.params.seasonRewardId);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/admin/season/:month/payouts',
    {
      schema: {
        operationId: 'listSeasonPayouts',
        description:
          'The points prizes paid for a closed month, every group: who got which season reward at what rank, and the points (coupon ' +
          'prizes are coupons of their users). Empty before the month is closed.',
        ...admin,
        summary: 'Season points prizes paid for a month',
        params: CloseParams,
        response: { 200: SeasonPayouts, ...errors(400, 401, 404) },
      },
    },
    (req) => seasons.payouts(req.principal.projectId, req.params.month),
  );
  app.post(
    '/admin/season/:month/close',
    {
      schema: {
        operationId: 'closeSeasonEarly',
        description:
          'Closes a month of the project now (archives its boards and pays its season rewards) as a background job, for testing a ' +
          'programme; the automatic close at the end of the month then skips what was done.',
        ...admin,
        summary:
          'Close a month of the project now (archive its boards, pay its seasons): for testing; the automatic close then skips what is ' +
          'done',
        params: CloseParams,
        response: { 202: CloseStarted, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => reply.status(202).send(await monthClose.closeEarly(req.principal.projectId, req.params.month)),
  );
}
