import { Type, type Static } from 'typebox';
import { LanguageMap, ResourceId, Status } from '../../http/schemas.js';

export const TimeFrameSchema = Type.Union([Type.Literal('daily'), Type.Literal('weekly'), Type.Literal('monthly')]);

export const Milestone = Type.Object(
  {
    count: Type.Integer({ minimum: 1, maximum: 100_000 }),
    points: Type.Integer({ minimum: 0, maximum: 1e9 }),
    currency: Type.Optional(
      Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'The currency `points` are paid in (default `points`; decision 302)' }),
    ),
  },
  { additionalProperties: false },
);
export type Milestone = Static<typeof Milestone>;

export const FreezeRuleSchema = Type.Object(
  {
    max: Type.Integer({ minimum: 1, maximum: 1000, description: 'Most freezes a user can bank' }),
    earnEveryMilestone: Type.Optional(Type.Boolean({ description: 'Each milestone reached earns one freeze (up to max); default false' })),
  },
  { additionalProperties: false, description: 'Streak freezes: a banked freeze covers a missed period automatically' },
);

/** POST /admin/streak (streakId generated when omitted) and PUT /admin/streak/{id} (full update). */
export const StreakBody = Type.Object(
  {
    streakId: Type.Optional(ResourceId),
    title: LanguageMap,
    description: Type.Optional(LanguageMap),
    timeFrame: TimeFrameSchema,
    eventIds: Type.Array(ResourceId, { minItems: 1, maxItems: 50, uniqueItems: true }),
    milestones: Type.Optional(Type.Array(Milestone, { maxItems: 50 })),
    freezes: Type.Optional(Type.Union([FreezeRuleSchema, Type.Null()])),
    status: Type.Optional(Status),
  },
  { additionalProperties: false },
);
export type StreakBody = Static<typeof StreakBody>;

const TextMap = Type.Record(Type.String(), Type.String());

export const StreakDefinition = Type.Object({
  streakId: Type.String(),
  title: TextMap,
  description: TextMap,
  timeFrame: Type.String(),
  eventIds: Type.Array(Type.String()),
  milestones: Type.Array(Type.Object({ count: Type.Integer(), points: Type.Number(), currency: Type.Optional(Type.String()) })),
  freezes: Type.Union([Type.Object({ max: Type.Integer(), earnEveryMilestone: Type.Boolean() }), Type.Null()], {
    description: 'null: the streak has no freezes',
  }),
  status: Type.String(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type StreakDefinition = Static<typeof StreakDefinition>;

/** A user's streak (docs/api.md, Streaks). */
export const UserStreak = Type.Object({
  userId: Type.String(),
  streakId: Type.String(),
  title: TextMap,
  currentStartDate: Type.Integer({ description: 'Start of the first period of the current run, ms' }),
  timeFrame: Type.String(),
  currentCount: Type.Number(),
  longestStreak: Type.Number(),
  lastCompletedAt: Type.String({ description: 'ISO 8601 time of the event that completed the latest period' }),
  missedCount: Type.Number(),
  completedDates: Type.Array(Type.String({ description: 'YYYY-MM-DD, start of a completed period' })),
  milestonesClaimed: Type.Array(Type.Number()),
  freezes: Type.Object(
    { available: Type.Integer({ description: 'Banked freezes' }), used: Type.Integer({ description: 'Freezes spent on missed periods' }) },
    { description: 'Streak freezes of the user' },
  ),
  frozenDates: Type.Array(Type.String({ description: 'YYYY-MM-DD, start of a period covered by a freeze' })),
});
export type UserStreak = Static<typeof UserStreak>;

export const UserStreakList = Type.Object({ streaks: Type.Array(UserStreak), count: Type.Integer() });

export const StreakAnalytics = Type.Object({
  streakId: Type.String(),
  totalParticipants: Type.Number(),
  activeParticipants: Type.Number({ description: 'Users whose run is still alive: they completed the current or the previous period' }),
  averageStreakLength: Type.Number({ description: 'Mean currentCount of the active participants' }),
  longestUserStreak: Type.Number(),
  completionRate: Type.Number({ description: 'Share of all participants who completed the current period' }),
});
export type StreakAnalytics = Static<typeof StreakAnalytics>;

/** POST /admin/user/{userId}/streak/{streakId}/freeze */
export const GrantFreezesBody = Type.Object(
  { count: Type.Integer({ minimum: 1, maximum: 1000, description: "Freezes to bank; the bank never exceeds the streak's max" }) },
  { additionalProperties: false },
);

export const GrantedFreezes = Type.Object({
  userId: Type.String(),
  streakId: Type.String(),
  granted: Type.Integer({ description: 'Freezes actually banked (count, cut at the max)' }),
  freezes: Type.Object({ available: Type.Integer(), used: Type.Integer(), max: Type.Integer() }),
});
