import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { assertActsFor } from '../../http/auth/principal.js';
import { errors, ResourceId, UserId } from '../../http/schemas.js';
import {
  AchievementBody,
  AchievementDefinition,
  BackfillProgress,
  PublicAchievement,
  UserAchievement,
  UserAchievementList,
} from './achievements.schemas.js';

const AdminParams = Type.Object({ achievementId: ResourceId });
const UserAchievementParams = Type.Object({ userId: UserId, achievementId: ResourceId });

/** The user's achievements, one achievement with its rarity, and the /admin/achievement resource. */
export async function achievementsRoutes(app: App): Promise<void> {
  const { achievements, achievementBackfill } = app.services;
  const tags = ['achievements'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/user/:userId/achievement',
    {
      schema: {
        operationId: 'listUserAchievements',
        description:
          'Every active achievement with what the user unlocked, its progress, next threshold and rarity; a secret one only once unlocked.',
        tags,
        security,
        summary: "The user's achievements",
        params: Type.Object({ userId: UserId }),
        response: { 200: UserAchievementList, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => {
      assertActsFor(req.principal, req.params.userId);
      return achievements.listForUser(req.principal.projectId, req.params.userId);
    },
  );

  app.get(
    '/user/:userId/achievement/:achievementId',
    {
      schema: {
        operationId: 'getUserAchievement',
        description: 'One achievement as the user sees it (404 for a secret one the user has not unlocked).',
        tags,
        security,
        summary: 'One achievement of the user',
        params: UserAchievementParams,
        response: { 200: Type.Object({ achievement: UserAchievement }), ...errors(400, 401, 403, 404) },
      },
    },
    (req) => {
      assertActsFor(req.principal, req.params.userId);
      return achievements.getForUser(req.principal.projectId, req.params.userId, req.params.achievementId);
    },
  );

  app.get(
    '/achievement/:achievementId',
    {
      schema: {
        operationId: 'getAchievement',
        description:
          'An active achievement that is not secret, with its levels and rarity (the fraction of users who unlocked each level).',
        tags,
        security,
        summary: 'An achievement with its rarity',
        params: AdminParams,
        response: { 200: PublicAchievement, ...errors(400, 401, 404) },
      },
    },
    (req) => achievements.getPublic(req.principal.projectId, req.params.achievementId),
  );

  const admin = { tags: ['admin: achievements'], security: [{ adminToken: [] }] };
  app.post(
    '/admin/achievement',
    {
      schema: {
        operationId: 'createAchievement',
        description: 'Creates an achievement; a backfill job (`backfillJobId`) awards an active one to users who already meet it.',
        ...admin,
        summary: 'Create an achievement',
        body: AchievementBody,
        response: { 201: AchievementDefinition, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await achievements.create(req.principal.projectId, req.body)),
  );
  app.get(
    '/admin/achievement',
    {
      schema: {
        operationId: 'listAchievements',
        description: "The project's achievements.",
        ...admin,
        summary: 'List achievements',
        response: { 200: Type.Array(AchievementDefinition), ...errors(401, 404) },
      },
    },
    (req) => achievements.list(req.principal.projectId),
  );
  app.get(
    '/admin/achievement/:achievementId',
    {
      schema: {
        operationId: 'getAchievementDefinition',
        description: 'One achievement of the project.',
        ...admin,
        summary: 'Get an achievement',
        params: AdminParams,
        response: { 200: AchievementDefinition, ...errors(400, 401, 404) },
      },
    },
    (req) => achievements.get(req.principal.projectId, req.params.achievementId),
  );
  app.get(
    '/admin/achievement/:achievementId/backfill',
    {
      schema: {
        operationId: 'getAchievementBackfill',
        description:
          'Where the latest backfill of the achievement stands (creating or replacing an active one starts it): its job, its state ' +
          'and how many users it has checked, beside the project’s live users; `backfill` is null when there was none.',
        ...admin,
        summary: 'Progress of an achievement’s backfill',
        params: AdminParams,
        response: { 200: BackfillProgress, ...errors(400, 401, 404) },
      },
    },
    (req) => achievementBackfill.progress(req.principal.projectId, req.params.achievementId),
  );
  app.put(
    '/admin/achievement/:achievementId',
    {
      schema: {
        operationId: 'updateAchievement',
        description: 'Replaces an achievement; levels already unlocked stay unlocked, and an active one is backfilled again.',
        ...admin,
        summary: 'Replace an achievement',
        params: AdminParams,
        body: AchievementBody,
        response: { 200: AchievementDefinition, ...errors(400, 401, 404) },
      },
    },
    (req) => achievements.update(req.principal.projectId, req.params.achievementId, req.body),
  );
  app.delete(
    '/admin/achievement/:achievementId',
    {
      schema: {
        operationId: 'deleteAchievement',
        description: "Deletes an achievement with every user's progress and unlocks (history entries of points it paid stay).",
        ...admin,
        summary: 'Delete an achievement',
        params: AdminParams,
        response: { 204: Type.Null(), ...errors(400, 401, 404) },
      },
    },
    async (req, reply) => {
      await achievements.delete(req.principal.projectId, req.params.achievementId);
      return reply.status(204).send(null);
    },
  );
}
