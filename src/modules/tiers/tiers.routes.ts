import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { assertActsFor } from '../../http/auth/principal.js';
import { errors, UserParams } from '../../http/schemas.js';
import { CreateTierBody, Tier, TierId, UpdateTierBody, UserTier } from './tiers.schemas.js';

const Params = Type.Object({ tierId: TierId });

/** The /admin/tier resource and GET /user/{userId}/tier. */
export async function tiersRoutes(app: App): Promise<void> {
  const { tiers, users } = app.services;

  app.get(
    '/user/:userId/tier',
    {
      schema: {
        operationId: 'getUserTier',
        description:
          "The user's tier (the highest whose threshold the points earned in the project's tier window reach), since when it holds, " +
          'those points, and how many more the next tier needs.',
        tags: ['users'],
        summary: "A user's tier, the points earned in the tier window and what the next tier needs",
        security: [{ bearerAuth: [] }, { apiKey: [] }],
        params: UserParams,
        response: { 200: UserTier, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      assertActsFor(req.principal, req.params.userId);
      await users.require(req.principal.projectId, req.params.userId);
      return tiers.userTier(req.principal.projectId, req.params.userId);
    },
  );

  const tags = ['admin: tiers'];
  const security = [{ adminToken: [] }];
  app.post(
    '/admin/tier',
    {
      schema: {
        operationId: 'createTier',
        description:
          'Creates a tier: the points earned in the tier window it needs, the multiplier it gives event rewards, and its title and ' +
          'benefits.',
        tags,
        security,
        summary: 'Create a tier',
        body: CreateTierBody,
        response: { 201: Tier, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await tiers.create(req.principal.projectId, req.body)),
  );
  app.get(
    '/admin/tier',
    {
      schema: {
        operationId: 'listTiers',
        description: "The project's tiers, lowest threshold first.",
        tags,
        security,
        summary: 'List the tiers (by threshold)',
        response: { 200: Type.Array(Tier), ...errors(401, 404) },
      },
    },
    (req) => tiers.list(req.principal.projectId),
  );
  app.get(
    '/admin/tier/:tierId',
    {
      schema: {
        operationId: 'getTier',
        description: 'One tier of the project.',
        tags,
        security,
        summary: 'Read a tier',
        params: Params,
        response: { 200: Tier, ...errors(400, 401, 404) },
      },
    },
    (req) => tiers.get(req.principal.projectId, req.params.tierId),
  );
  app.put(
    '/admin/tier/:tierId',
    {
      schema: {
        operationId: 'updateTier',
        description: 'Replaces a tier; users move up at their next earning and down at the monthly check.',
        tags,
        security,
        summary: 'Replace a tier',
        params: Params,
        body: UpdateTierBody,
        response: { 200: Tier, ...errors(400, 401, 404, 409) },
      },
    },
    (req) => tiers.update(req.principal.projectId, req.params.tierId, req.body),
  );
  app.delete(
    '/admin/tier/:tierId',
    {
      schema: {
        operationId: 'deleteTier',
        description: 'Deletes a tier; refused with 409 TIER_IN_USE while an offer names it.',
        tags,
        security,
        summary: 'Delete a tier (409 while offers name it)',
        params: Params,
        response: { 204: Type.Null(), ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => {
      await tiers.delete(req.principal.projectId, req.params.tierId);
      return reply.status(204).send(null);
    },
  );
}
