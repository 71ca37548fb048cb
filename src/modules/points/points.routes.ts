import { Type } from 'typebox';
import type { App } from '../../app.js';
import { errors, UserParams } from '../../http/schemas.js';

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
}
