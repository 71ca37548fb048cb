import { Type, type Static } from 'typebox';
import { RESOURCE_ID_PATTERN } from '../../platform/ids.js';
import { ResourceId, UserId } from '../../http/schemas.js';
import { Conditions } from '../events/index.js';

const Reward = Type.Object(
  {
    points: Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: 'Amount paid (0: nothing)' }),
    currency: Type.Optional(Type.String({ ...ResourceId, maxLength: 64, description: 'A currency of the project (default points)' })),
  },
  { additionalProperties: false },
);

export const ReferralProgrammeBody = Type.Object(
  {
    status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('INACTIVE')]),
    qualifying: Type.Object(
      {
        eventId: Type.String({ ...ResourceId, description: 'The event the referee must send' }),
        conditions: Type.Optional(Conditions),
        withinDays: Type.Integer({ minimum: 1, maximum: 3650, description: 'Days after the referee joined within which it counts' }),
      },
      { additionalProperties: false },
    ),
    referrerReward: Reward,
    refereeReward: Reward,
    referrerCap: Type.Optional(
      Type.Object(
        {
          perMonth: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Paid referrals per UTC month' })),
          total: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: 'Paid referrals in all' })),
        },
        { additionalProperties: false },
      ),
    ),
    codeDays: Type.Integer({ minimum: 1, maximum: 3650, description: 'Days after joining a referee may still enter a code' }),
  },
  { additionalProperties: false },
);
export type ReferralProgrammeBody = Static<typeof ReferralProgrammeBody>;

const RewardOut = Type.Object({ points: Type.Integer(), currency: Type.String() });

export const ReferralProgramme = Type.Object({
  status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('INACTIVE')]),
  qualifying: Type.Object({ eventId: Type.String(), conditions: Type.Union([Conditions, Type.Null()]), withinDays: Type.Integer() }),
  referrerReward: RewardOut,
  refereeReward: RewardOut,
  referrerCap: Type.Object({ perMonth: Type.Union([Type.Integer(), Type.Null()]), total: Type.Union([Type.Integer(), Type.Null()]) }),
  codeDays: Type.Integer(),
  updatedAt: Type.Union([Type.Integer(), Type.Null()], { description: 'Unix ms; null: never set (the programme is off)' }),
});
export type ReferralProgramme = Static<typeof ReferralProgramme>;

export const UserReferral = Type.Object({
  code: Type.String({ description: "The user's own code (created on first read, stable)" }),
  referredBy: Type.Union([Type.String(), Type.Null()], { description: 'The referrer whose code the user entered' }),
  invited: Type.Integer({ description: 'Referees who entered the code' }),
  qualified: Type.Integer({ description: 'Of them, those who qualified' }),
  earned: Type.Integer({ description: "What the user's referrer rewards paid in all" }),
});
export type UserReferral = Static<typeof UserReferral>;

export const JoinReferralBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 32, description: "The referrer's code (case does not matter)" }),
    fingerprint: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Opaque device or payment hash' })),
  },
  { additionalProperties: false },
);
export type JoinReferralBody = Static<typeof JoinReferralBody>;

const Status = Type.Union([Type.Literal('pending'), Type.Literal('flagged'), Type.Literal('qualified'), Type.Literal('rejected')]);

export const Referral = Type.Object({
  id: Type.String(),
  referrerId: Type.Union([Type.String(), Type.Null()], { description: 'null: the referrer was deleted' }),
  refereeId: Type.Union([Type.String(), Type.Null()], { description: 'null: the referee was deleted' }),
  status: Status,
  joinedAt: Type.Integer(),
  qualifiedAt: Type.Union([Type.Integer(), Type.Null()]),
  refereePoints: Type.Integer(),
  referrerPoints: Type.Integer(),
  referrerState: Type.Union([
    Type.Literal('none'),
    Type.Literal('paid'),
    Type.Literal('capped'),
    Type.Literal('due'),
    Type.Literal('gone'),
  ]),
  currency: Type.String(),
});
export type Referral = Static<typeof Referral>;

export const ReferralListQuery = Type.Object(
  {
    status: Type.Optional(Status),
    cursor: Type.Optional(Type.String({ maxLength: 400, description: 'nextCursor of the previous page' })),
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'Referrals per page' }),
  },
  { additionalProperties: false },
);
export type ReferralListQuery = Static<typeof ReferralListQuery>;

export const ReferralPage = Type.Object({
  referrals: Type.Array(Referral),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'Cursor of the next page; null on the last page' }),
});
export type ReferralPage = Static<typeof ReferralPage>;

export const ReferralUserParams = Type.Object({ userId: UserId });
export const ReferralIdParams = Type.Object({
  id: Type.String({ pattern: RESOURCE_ID_PATTERN, description: 'Id of the referral (`id` in GET /admin/referral)' }),
});
