import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { assertActsFor } from '../../http/auth/principal.js';
import { errors, UserParams } from '../../http/schemas.js';
import { BulkAdjustBody, BulkAdjustResult } from './bulk-adjustments.js';
import { sendJsonText } from '../../http/json-text.js';
import { HistoryEntry, HistoryQuery, readHistory } from './history.js';
import { Wallet } from './wallet.js';

const Currency = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'The currency (default `points`)' });
const AdjustBody = Type.Object(
  {
    points: Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000, not: { const: 0 }, description: 'Signed change; non-zero' }),
    reason: Type.String({ minLength: 1, maxLength: 500 }),
    currency: Type.Optional(Currency),
  },
  { additionalProperties: false },
);
const Adjusted = Type.Object({
  userId: Type.String(),
  adjustmentId: Type.String(),
  points: Type.Integer({ description: 'Points applied (a debit is cut so the balance stays ≥ 0)' }),
  balance: Type.Integer({ description: 'The balance of the currency after it' }),
  reason: Type.String(),
  timestamp: Type.Integer(),
  currency: Type.String(),
});

const ReversalBody = Type.Object(
  {
    historyId: Type.String({
      minLength: 1,
      maxLength: 300,
      description: 'The id of the history entry to reverse (an entry that earned points)',
    }),
    reason: Type.String({ minLength: 1, maxLength: 500 }),
    currency: Type.Optional(Currency),
  },
  { additionalProperties: false },
);
const Reversed = Type.Object({
  userId: Type.String(),
  reversalId: Type.String(),
  historyId: Type.String({ description: 'The reversed entry' }),
  points: Type.Integer({ description: 'Points taken back (≤ 0): the REVERSAL history entry' }),
  unrecovered: Type.Integer({ description: 'Points of the entry already spent, which could not be taken back (the balance stopped at 0)' }),
  balance: Type.Integer(),
  reason: Type.String(),
  timestamp: Type.Integer(),
  currency: Type.Optional(Type.String({ description: 'The currency of the reversed entry; absent: points' })),
});

export async function pointsRoutes(app: App): Promise<void> {
  const { points, users, reversals, currencies } = app.services;
  app.post(
    '/admin/user/:userId/reversal',
    {
      schema: {
        operationId: 'reverseHistoryEntry',
        description:
          'Claws back the points of one earning history entry (a refund): a REVERSAL entry of the opposite sign, and the points leave ' +
          "the boards of the entry's period. When part was already spent the balance stops at 0 and the answer says how much could " +
          'not be recovered. Challenge and streak progress stays.',
        tags: ['admin: users'],
        summary: 'Reverse an earning history entry (refund): a REVERSAL entry; 409 when already reversed',
        security: [{ adminToken: [] }],
        params: UserParams,
        body: ReversalBody,
        response: { 201: Reversed, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => {
      await users.require(req.principal.projectId, req.params.userId);
      await currencies.require(req.principal.projectId, req.body.currency);
      const { historyId, reason, currency } = req.body;
      return reply.status(201).send(await reversals.reverse(req.principal.projectId, req.params.userId, historyId, reason, currency));
    },
  );

  app.post(
    '/admin/user/:userId/points',
    {
      schema: {
        operationId: 'adjustUserPoints',
        description:
          'Adds or removes points by hand (an ADJUSTMENT entry with its reason), or another currency with `currency`. A debit is cut ' +
          'so the balance stays at 0 or above; refused when the balance would leave the safe integer range.',
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
      await currencies.require(req.principal.projectId, req.body.currency);
      const result = await points.adjust(req.principal.projectId, req.params.userId, req.body.points, req.body.reason, req.body.currency);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/admin/adjustments/bulk',
    {
      schema: {
        operationId: 'bulkAdjustUserPoints',
        summary: 'Adjust many balances at once (e.g. from a CSV), with a dry run',
        description:
          'Rows of userId, points and reason, applied in order in one batch (one transaction), each an ADJUSTMENT entry with its reason; ' +
          'a debit is cut so the balance stays ≥ 0. Every row gets its result: APPLIED, or FAILED with its code (USER_NOT_FOUND); the ' +
          'other rows still apply. ' +
          'With dryRun: true nothing changes and each row says what would happen (WOULD_APPLY, with the balance before and after). ' +
          'A malformed row (bad userId, points 0 or not an integer, empty reason) refuses the whole request with 400 and changes nothing.',
        tags: ['admin: users'],
        security: [{ adminToken: [] }],
        body: BulkAdjustBody,
        response: { 200: BulkAdjustResult, ...errors(400, 401, 404) },
      },
    },
    (req) => points.bulkAdjust(req.principal.projectId, req.body.rows, req.body.dryRun),
  );

  app.get(
    '/user/:userId/wallet',
    {
      schema: {
        operationId: 'getUserWallet',
        description:
          "The user's balance in every currency of the project, `points` first: what it holds, what is pending, what expires next, " +
          'its lifetime earnings and its level in a currency with levels.',
        tags: ['users'],
        summary: 'Balances in every currency, with levels',
        security: [{ bearerAuth: [] }, { apiKey: [] }],
        params: UserParams,
        response: { 200: Wallet, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      assertActsFor(req.principal, req.params.userId);
      await users.require(req.principal.projectId, req.params.userId);
      return points.wallet(req.principal.projectId, req.params.userId);
    },
  );

  app.get(
    '/user/:userId/history',
    {
      schema: {
        operationId: 'getUserHistory',
        description:
          "The user's ledger entries (events, redemptions, surveys, adjustments), newest or oldest first. 204 when there is nothing; " +
          "the next page's cursor is in the x-next-cursor header.",
        tags: ['users'],
        summary: 'Reward history (204 when empty; next page in x-next-cursor)',
        security: [{ bearerAuth: [] }],
        params: UserParams,
        querystring: HistoryQuery,
        response: { 200: Type.Array(HistoryEntry), 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      assertActsFor(req.principal, req.params.userId);
      await currencies.require(req.principal.projectId, req.query.currency);
      const page = await readHistory(app.platform.db.kysely, req.principal.projectId, req.params.userId, req.query);
      if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
      return page.json === null ? reply.status(204).send(null) : sendJsonText(reply, page.json);
    },
  );
}
