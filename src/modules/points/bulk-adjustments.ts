import { Type, type Static } from 'typebox';
import { UserId } from '../../http/schemas.js';

/**
 * POST /admin/adjustments/bulk (decision 124): many operator adjustments, e.g. from a CSV upload.
 * A dry run plans them against the current balances and changes nothing; otherwise the rows whose
 * user exists are applied together in ONE write batch (one transaction), in order, and every row
 * gets its result. A debit is cut so the balance stays ≥ 0, as for a single adjustment.
 */

export const BulkAdjustBody = Type.Object(
  {
    dryRun: Type.Boolean({ default: false, description: 'true: answer what would happen and change nothing' }),
    rows: Type.Array(
      Type.Object(
        {
          userId: UserId,
          points: Type.Integer({
            minimum: -1_000_000_000,
            maximum: 1_000_000_000,
            not: { const: 0 },
            description: 'Signed change; non-zero',
          }),
          reason: Type.String({ minLength: 1, maxLength: 500 }),
          currency: Type.Optional(
            Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'The currency adjusted (default `points`)' }),
          ),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 1000, description: 'Applied in this order; a user may appear more than once' },
    ),
  },
  { additionalProperties: false },
);
export type BulkAdjustBody = Static<typeof BulkAdjustBody>;
export type BulkRow = BulkAdjustBody['rows'][number];

export const BulkRowResult = Type.Object({
  row: Type.Integer({ description: 'Index of the row in the request, from 0' }),
  userId: Type.String(),
  currency: Type.Optional(Type.String({ description: 'The currency of the row; absent: points' })),
  outcome: Type.Union([Type.Literal('APPLIED'), Type.Literal('WOULD_APPLY'), Type.Literal('FAILED')]),
  points: Type.Integer({ description: 'Points applied (or that would be): a debit is cut so the balance stays ≥ 0; 0 when FAILED' }),
  balanceBefore: Type.Union([Type.Integer(), Type.Null()], { description: 'Null when the user does not exist' }),
  balanceAfter: Type.Union([Type.Integer(), Type.Null()]),
  adjustmentId: Type.Union([Type.String(), Type.Null()], { description: 'Of an APPLIED row (its history entry); else null' }),
  code: Type.Union([Type.String(), Type.Null()], { description: 'Error code of a FAILED row, e.g. USER_NOT_FOUND' }),
  message: Type.Union([Type.String(), Type.Null()]),
});
export type BulkRowResult = Static<typeof BulkRowResult>;

export const BulkAdjustResult = Type.Object({
  dryRun: Type.Boolean(),
  applied: Type.Integer({ description: 'Rows applied (0 for a dry run)' }),
  failed: Type.Integer({ description: 'Rows that failed (or would)' }),
  rows: Type.Array(BulkRowResult),
});
export type BulkAdjustResult = Static<typeof BulkAdjustResult>;

/** The key of a user's balance of a currency in the plan's balances. */
export const balanceKey = (userId: string, currency: string | undefined) => `${userId}\u0000${currency ?? 'points'}`;

/**
 * The plan of the rows against the balances before them (by balanceKey; null: no such user), in
 * order: each row starts from the balance the previous rows of the same user and currency left.
 */
export function planAdjustments(rows: readonly BulkRow[], balances: ReadonlyMap<string, number | null>): BulkRowResult[] {
  const running = new Map(balances);
  return rows.map((r, row) => {
    const k = balanceKey(r.userId, r.currency);
    const before = running.get(k) ?? null;
    const currency = r.currency === undefined || r.currency === 'points' ? {} : { currency: r.currency };
    if (before === null)
      return {
        row,
        userId: r.userId,
        ...currency,
        outcome: 'FAILED',
        points: 0,
        balanceBefore: null,
        balanceAfter: null,
        adjustmentId: null,
        code: 'USER_NOT_FOUND',
        message: `User ${r.userId} not found`,
      };
    const after = Math.max(0, before + r.points);
    running.set(k, after);
    return {
      row,
      userId: r.userId,
      ...currency,
      outcome: 'WOULD_APPLY',
      points: after - before,
      balanceBefore: before,
      balanceAfter: after,
      adjustmentId: null,
      code: null,
      message: null,
    };
  });
}
