import { Type } from 'typebox';
import type { App } from '../../app.js';
import { assertActsFor } from '../../http/auth/principal.js';
import { errors, UserParams } from '../../http/schemas.js';
import { HistoryEntry, HistoryQuery, readHistory } from './history.js';

const AdjustBody = Type.Object(
  {
    points: Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000, not: { const: 0 }, description: 'Signed change; non-zero' }),
    reason: Type.String({ minLength: 1, maxLength: 500 }),
  },
  { additionalProperties: false },
);
const Adjusted = Type.Object({
  userId: Type.String(),
  adjustmentId: Type.String(),
  points: Type.Integer({ description: 'Points applied (a debit is cut so the balance stays ≥ 0)' }),
  balance: Type.Integer(),
  reason: Type.String(),
  timestamp: Type.Integer(),
});

export async function pointsRoutes(app: App): Promise<void> {
  const { points, users } = app.services;
  app.post(
    '/admin/user/:userId/points',
    {
      schema: {
        tags: ['admin: users'],
        summary: 'Adjust a balance (ADJUSTMENT history entry)',
        security: [{ adminToken: [] }],
        params: UserParams,
        body: AdjustBody,
        response: { 201: Adjusted, ...errors(400, 401, 404) },
      },
    },
    async (req, reply) => {
      await users.require(req.principal.projectId, req.params.userId);
      const result = await points.adjust(req.principal.projectId, req.params.userId, req.body.points, req.body.reason);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/user/:userId/history',
    {
      schema: {
        tags: ['users'],
        summary: 'Reward history (204 when empty; next page in x-next-cursor)',
        security: [{ bearerAuth: [] }],
        params: UserParams,
        querystring: HistoryQuery,
        response: { 200: Type.Array(HistoryEntry), 204: Type.Null(), ...errors(400, 401, 403) },
      },
    },
    async (req, reply) => {
      assertActsFor(req.principal, req.params.userId);
      const page = await readHistory(app.platform.db.kysely, req.principal.projectId, req.params.userId, req.query);
      if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
      return page.entries.length === 0 ? reply.status(204).send(null) : page.entries;
    },
  );
}
