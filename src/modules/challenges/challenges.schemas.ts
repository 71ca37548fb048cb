import { Type, type Static } from 'typebox';
import { LanguageMap, Millis, ResourceId, Status } from '../../http/schemas.js';
import { Conditions } from '../events/index.js';

const ChallengeType = Type.Union([Type.Literal('FIXED'), Type.Literal('SUM')]);

const ChallengeFields = {
  title: LanguageMap,
  description: Type.Optional(LanguageMap),
  type: Type.Optional(ChallengeType),
  eventId: ResourceId,
  conditions: Type.Optional(Type.Union([Conditions, Type.Null()])),
  valueField: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 128 }), Type.Null()])),
  goal: Type.Number({ exclusiveMinimum: 0, maximum: 1e12 }),
  points: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e9 })),
  currency: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'The currency `points` are paid in (default `points`; decision 302)' }),
  ),
  seriesId: Type.Optional(Type.Union([ResourceId, Type.Null()])),
  step: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 10_000 }), Type.Null()])),
  isLastStep: Type.Optional(Type.Boolean()),
  startDate: Type.Optional(Type.Union([Millis(), Type.Null()])),
  endDate: Type.Optional(Type.Union([Millis(), Type.Null()])),
  image: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  status: Type.Optional(Status),
};

/** POST /admin/challenge (challengeId generated when omitted) and PUT /admin/challenge/{id} (full update). */
export const ChallengeBody = Type.Object({ challengeId: Type.Optional(ResourceId), ...ChallengeFields }, { additionalProperties: false });
export type ChallengeBody = Static<typeof ChallengeBody>;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const TextMap = Type.Record(Type.String(), Type.String());

/** A configured challenge as the admin API returns it. */
export const ChallengeDefinition = Type.Object({
  challengeId: Type.String(),
  title: TextMap,
  description: TextMap,
  type: Type.String(),
  eventId: Type.String(),
  conditions: Nullable(Conditions),
  valueField: Nullable(Type.String()),
  goal: Type.Number(),
  points: Type.Number(),
  currency: Type.Optional(Type.String({ description: 'The currency of `points`; absent: points' })),
  seriesId: Nullable(Type.String()),
  step: Nullable(Type.Integer()),
  isLastStep: Type.Boolean(),
  startDate: Nullable(Type.Integer()),
  endDate: Nullable(Type.Integer()),
  image: Nullable(Type.String()),
  status: Type.String(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
  completions: Type.Optional(
    Type.Object(
      {
        total: Type.Integer({ description: 'Users who completed it' }),
        last30Days: Type.Integer({ description: 'Of those, completed in the last 30 days (service time)' }),
      },
      { description: 'In the list (GET /admin/challenge) only, so an object read before and after a change compares equal' },
    ),
  ),
});
export type ChallengeDefinition = Static<typeof ChallengeDefinition>;

/** A challenge as one user sees it (docs/api.md, Challenges). */
export const UserChallenge = Type.Object({
  challengeId: Type.String(),
  status: Type.String({ description: 'ACTIVE, COMPLETED or EXPIRED' }),
  goal: Type.Number(),
  points: Type.Number(),
  title: TextMap,
  description: TextMap,
  type: Type.String({ description: 'FIXED or SUM' }),
  progress: Type.Number(),
  completed: Type.Boolean(),
  completedDate: Nullable(Type.String({ description: 'ISO 8601' })),
  seriesId: Nullable(Type.String()),
  step: Nullable(Type.Integer()),
  isLastStep: Type.Boolean(),
  eventId: Type.String(),
  startDate: Nullable(Type.Integer()),
  endDate: Nullable(Type.Integer()),
  image: Nullable(Type.String()),
});
export type UserChallenge = Static<typeof UserChallenge>;

export const UserChallengeList = Type.Object({ challenges: Type.Array(UserChallenge), lastEvaluatedKey: Type.Null() });
