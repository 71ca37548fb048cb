import { Type, type Static } from 'typebox';
import { ResourceId } from '../../http/schemas.js';

/** Request and response schemas of the seasons routes (docs/leaderboards.md, Seasons). */

export const Band = Type.Object(
  {
    fromRank: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'First rank of the band (1 is first place)' }),
    toRank: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Last rank of the band, inclusive' }),
    points: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1_000_000_000,
        description: 'Points paid to every user ranked in the band (a SEASON history entry)',
      }),
    ),
    offerId: Type.Optional(ResourceId),
  },
  { additionalProperties: false },
);
export type Band = Static<typeof Band>;

/** POST /admin/season-reward (id generated when omitted) and PUT /admin/season-reward/{id} (full update). */
export const SeasonRewardBody = Type.Object(
  {
    seasonRewardId: Type.Optional(ResourceId),
    groupId: Type.String({ minLength: 1, maxLength: 128, description: 'The user group whose monthly board pays; `default` is every user' }),
    bands: Type.Array(Band, { minItems: 1, maxItems: 50, description: 'Rank bands; they must not overlap' }),
  },
  { additionalProperties: false },
);
export type SeasonRewardBody = Static<typeof SeasonRewardBody>;

export const SeasonReward = Type.Object({
  seasonRewardId: Type.String(),
  groupId: Type.String(),
  bands: Type.Array(
    Type.Object({
      fromRank: Type.Integer(),
      toRank: Type.Integer(),
      points: Type.Optional(Type.Integer()),
      offerId: Type.Optional(Type.String({ description: 'Every user ranked in the band gets a coupon of this offer' })),
    }),
  ),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type SeasonReward = Static<typeof SeasonReward>;

export const SeasonRewardParams = Type.Object({ seasonRewardId: ResourceId });

export const ArchiveQuery = Type.Object({
  month: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM: a month that has been closed' }),
  groupId: Type.String({ minLength: 1, maxLength: 128, description: 'User group; `default` is every user' }),
  currency: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'The currency whose board is read (default `points`); unknown: 400 UNKNOWN_CURRENCY',
    }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 0 })),
});
export type ArchiveQuery = Static<typeof ArchiveQuery>;

export const ArchivedBoard = Type.Object({
  month: Type.String(),
  groupId: Type.String(),
  currency: Type.Optional(Type.String({ description: 'The currency of the board, when the request named one' })),
  archivedAt: Type.Integer({ description: 'When the month was closed and the board archived, ms' }),
  total: Type.Integer({ description: 'Ranked users in the snapshot' }),
  users: Type.Array(
    Type.Object({
      userId: Type.String(),
      username: Type.String({ description: 'Display name when the month was closed' }),
      points: Type.Number(),
      rank: Type.Integer(),
    }),
  ),
});
export type ArchivedBoard = Static<typeof ArchivedBoard>;

export const CloseParams = Type.Object({ month: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM' }) });
export const CloseStarted = Type.Object({
  month: Type.String(),
  jobId: Type.String({ description: 'The close job; watch it at GET /admin/job/{jobId}' }),
});

export const SeasonPayouts = Type.Object({
  month: Type.String(),
  payouts: Type.Array(
    Type.Object({
      groupId: Type.String(),
      seasonRewardId: Type.String(),
      userId: Type.String(),
      rank: Type.Integer({ description: 'Rank in the archived board' }),
      points: Type.Integer({ description: 'Points paid (a SEASON history entry)' }),
      paidAt: Type.Integer({ description: 'ms' }),
    }),
    {
      description:
        'Points prizes by group, season reward, rank and user; at most 10000. Coupon prizes are coupons of their users, not listed here',
    },
  ),
});
export type SeasonPayouts = Static<typeof SeasonPayouts>;
