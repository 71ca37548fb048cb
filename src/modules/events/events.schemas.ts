import { Type, type Static } from 'typebox';
import { ErrorResponse, ResourceId, Status, UserId } from '../../http/schemas.js';

/** Schemas of event definitions (admin API, GET /event) and of POST /event. */

export const OPERATORS = [
  'equals',
  'not_equals',
  'greater_than',
  'greater_than_or_equal',
  'less_than',
  'less_than_or_equal',
  'contains',
  'in',
  'exists',
] as const;
export type Operator = (typeof OPERATORS)[number];

const ScalarValue = Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Boolean()]);
const ConditionValue = Type.Union([
  ScalarValue,
  Type.Array(Type.Union([Type.String({ maxLength: 2000 }), Type.Number()]), { maxItems: 100 }),
]);

export const Condition = Type.Object(
  {
    field: Type.String({ minLength: 1, maxLength: 100 }),
    operator: Type.Union([
      Type.Literal('equals'),
      Type.Literal('not_equals'),
      Type.Literal('greater_than'),
      Type.Literal('greater_than_or_equal'),
      Type.Literal('less_than'),
      Type.Literal('less_than_or_equal'),
      Type.Literal('contains'),
      Type.Literal('in'),
      Type.Literal('exists'),
    ]),
    value: Type.Optional(ConditionValue),
  },
  { additionalProperties: false },
);
export type Condition = Static<typeof Condition>;

export const Conditions = Type.Object(
  {
    type: Type.Union([Type.Literal('AND'), Type.Literal('OR')]),
    conditions: Type.Array(Condition, { maxItems: 20 }),
  },
  { additionalProperties: false },
);
export type Conditions = Static<typeof Conditions>;

export const MetadataField = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 100 }),
    type: Type.Union([Type.Literal('string'), Type.Literal('number'), Type.Literal('boolean'), Type.Literal('array')]),
    required: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type MetadataField = Static<typeof MetadataField>;

export const EventType = Type.Union([Type.Literal('FIXED'), Type.Literal('TRANSACTION'), Type.Literal('CONDITIONAL')]);
export type EventType = Static<typeof EventType>;
export const LimitPeriod = Type.Union([Type.Literal('daily'), Type.Literal('weekly'), Type.Literal('monthly'), Type.Literal('lifetime')]);
export type LimitPeriod = Static<typeof LimitPeriod>;

const RewardValue = Type.Number({ minimum: 0, maximum: 1_000_000_000 });
/** `default` → points; every other key is a userGroupId with its own reward. */
export const Reward = Type.Object(
  { default: RewardValue },
  { additionalProperties: RewardValue, maxProperties: 100, description: 'default and userGroupId → non-negative reward' },
);
export type Reward = { default: number; [userGroupId: string]: number };

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const EventDefinitionBody = Type.Object(
  {
    eventId: Type.Optional(ResourceId),
    title: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    status: Type.Optional(Status),
    type: Type.Optional(EventType),
    reward: Type.Optional(Reward),
    rewardValueField: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
    limit: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }))),
    limitPeriod: Type.Optional(LimitPeriod),
    maximumReward: Type.Optional(Nullable(RewardValue)),
    conditions: Type.Optional(Nullable(Conditions)),
    metadataFields: Type.Optional(Type.Array(MetadataField, { maxItems: 10 })),
    requiresApiKey: Type.Optional(Type.Boolean()),
    image: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    currencyRewards: Type.Optional(
      Type.Record(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }), Reward, {
        maxProperties: 9,
        description:
          "Rewards in the project's other currencies (decision 302): currencyId → { default, <userGroupId>: n }, computed as `reward` " +
          '(TRANSACTION, CONDITIONAL, tier multiplier, pendingDays); `reward` stays the points reward',
      }),
    ),
    maximumRewards: Type.Optional(
      Type.Record(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }), RewardValue, {
        maxProperties: 9,
        description: 'The cap of one occurrence per other currency (maximumReward stays the points cap)',
      }),
    ),
    pendingDays: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 365,
        description:
          'Points are held pending (not spendable, not on boards) until the end of the UTC day this many days after the event (default ' +
          '0: available at once)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type EventDefinitionBody = Static<typeof EventDefinitionBody>;

export const EventDefinition = Type.Object({
  eventId: Type.String(),
  title: Type.String(),
  description: Type.String(),
  status: Type.String(),
  type: Type.String(),
  reward: Type.Record(Type.String(), Type.Number()),
  rewardValueField: Nullable(Type.String()),
  limit: Nullable(Type.Integer()),
  limitPeriod: Type.String(),
  maximumReward: Nullable(Type.Number()),
  currencyRewards: Type.Optional(
    Type.Record(Type.String(), Type.Record(Type.String(), Type.Number()), { description: 'Rewards in other currencies (absent: none)' }),
  ),
  maximumRewards: Type.Optional(Type.Record(Type.String(), Type.Number(), { description: 'Caps per other currency (absent: none)' })),
  conditions: Nullable(
    Type.Object({
      type: Type.String(),
      conditions: Type.Array(Type.Object({ field: Type.String(), operator: Type.String(), value: Type.Optional(Type.Unknown()) })),
    }),
  ),
  metadataFields: Type.Array(Type.Object({ key: Type.String(), type: Type.String(), required: Type.Boolean() })),
  requiresApiKey: Type.Boolean(),
  image: Nullable(Type.String()),
  pendingDays: Type.Integer({ description: 'Days the points are held pending (0: available at once)' }),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export interface EventDefinition {
  eventId: string;
  title: string;
  description: string;
  status: 'ACTIVE' | 'INACTIVE';
  type: EventType;
  reward: Reward;
  rewardValueField: string | null;
  limit: number | null;
  limitPeriod: LimitPeriod;
  maximumReward: number | null;
  /** Rewards in other currencies (decision 302); absent for most definitions. */
  currencyRewards?: Record<string, Reward>;
  maximumRewards?: Record<string, number>;
  conditions: Conditions | null;
  metadataFields: Array<{ key: string; type: MetadataField['type']; required: boolean }>;
  requiresApiKey: boolean;
  image: string | null;
  /** Days the event's points are held pending (decision 148). */
  pendingDays: number;
  createdAt: number;
  updatedAt: number;
}

/** A metadata value: string, number, boolean, or an array of strings (usergroup). */
export const MetadataValue = Type.Union([
  Type.String({ maxLength: 2000 }),
  Type.Number(),
  Type.Boolean(),
  Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 }),
]);
export const Metadata = Type.Record(Type.String({ minLength: 1, maxLength: 64 }), MetadataValue, {
  maxProperties: 10,
  description:
    'At most 10 keys of 1–64 characters, not __proto__, constructor or prototype (else 400 INVALID_METADATA_KEY); ' +
    'values string, number, boolean or an array of strings (usergroup). Numbers are decimals as written: ' +
    'TRANSACTION rewards and SUM challenges use them exactly.',
});
export type Metadata = Static<typeof Metadata>;

export const PostEventBody = Type.Object(
  {
    eventId: ResourceId,
    userId: UserId,
    metadata: Type.Optional(Metadata),
    timestamp: Type.Optional(
      Type.Union([
        Type.String({ minLength: 1, maxLength: 64, description: 'ISO 8601 (offline events); without a zone it is UTC' }),
        Type.Integer({ minimum: 0 }),
      ]),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { eventId: 'purchase', userId: 'alice', metadata: { amount: 42, store: 'berlin-mitte' } },
      { eventId: 'store-check-in', userId: 'auth0|5f7c1a', timestamp: '2026-11-22T08:45:23Z' },
    ],
  },
);
export type PostEventBody = Static<typeof PostEventBody>;

const StreakItem = Type.Object({
  streakId: Type.String(),
  currentCount: Type.Number(),
  lastUpdate: Type.String(),
  milestoneReached: Type.Boolean(),
  pointsAwarded: Type.Number(),
});
const ChallengeItem = Type.Object({
  challengeId: Type.String(),
  progress: Type.Number(),
  goal: Type.Number(),
  completed: Type.Boolean(),
  pointsAwarded: Type.Number(),
});

const AchievementItem = Type.Object({ achievementId: Type.String(), level: Type.Integer() });

/** Most events in one POST /events. */
export const MAX_BULK_EVENTS = 1000;

/** POST /events: items are checked one by one (an invalid item fails alone), so the array takes anything. */
export const PostEventsBody = Type.Object(
  {
    events: Type.Array(Type.Unknown({ description: 'A POST /event body' }), {
      minItems: 1,
      maxItems: MAX_BULK_EVENTS,
      description: `Up to ${MAX_BULK_EVENTS} events, each a POST /event body; applied in this order`,
    }),
  },
  { additionalProperties: false },
);
export type PostEventsBody = Static<typeof PostEventsBody>;

/** The response of POST /event: both shapes clients know, merged (docs/api.md, Events). */
export const EventResponse = Type.Object(
  {
    statusCode: Type.Integer(),
    success: Type.Boolean(),
    message: Type.String(),
    data: Type.Object({
      userId: Type.String(),
      eventId: Type.String(),
      points: Type.Number(),
      pointsAwarded: Type.Number(),
      type: Type.String(),
      title: Type.String(),
      limit: Nullable(Type.Integer()),
      maximumReward: Nullable(Type.Number()),
      metadata: Type.Record(Type.String(), Type.Unknown()),
      conditionReached: Type.Boolean(),
      limitReached: Type.Boolean(),
      userGroupId: Type.String(),
      timestamp: Type.Integer(),
      streaks: Type.Array(StreakItem),
      challenges: Type.Array(ChallengeItem),
      achievements: Type.Array(AchievementItem, { description: 'Achievement levels this event unlocked' }),
      rewards: Type.Array(Type.Object({ currency: Type.String(), points: Type.Number() }), {
        description:
          "What the event's definition paid per currency (only non-zero; `points` is `pointsAwarded`); " +
          'bonuses of challenges and streaks are in their items',
      }),
      levelUps: Type.Array(
        Type.Object({
          currency: Type.String(),
          level: Type.Integer(),
          threshold: Type.Integer(),
          title: Type.Record(Type.String(), Type.String()),
        }),
        { description: 'Levels of a currency the user reached with this event' },
      ),
      campaigns: Type.Optional(
        Type.Array(Type.Object({ campaignId: Type.String(), points: Type.Integer(), currency: Type.String() }), {
          description: 'What campaigns paid for this event, highest priority first (absent when none did)',
        }),
      ),
    }),
  },
  {
    examples: [
      {
        statusCode: 200,
        success: true,
        message: 'Event erfolgreich geloggt',
        data: {
          userId: 'alice',
          eventId: 'purchase',
          points: 50,
          pointsAwarded: 50,
          type: 'purchase',
          title: 'Purchase',
          limit: null,
          maximumReward: 100,
          metadata: { amount: 42, store: 'berlin-mitte' },
          conditionReached: true,
          limitReached: false,
          userGroupId: 'default',
          timestamp: 1795337123000,
          streaks: [{ streakId: 'daily-shopper', currentCount: 3, lastUpdate: '2026-11-22', milestoneReached: false, pointsAwarded: 0 }],
          challenges: [{ challengeId: 'five-purchases', progress: 5, goal: 5, completed: true, pointsAwarded: 200 }],
          achievements: [{ achievementId: 'five-purchases-badge', level: 1 }],
          rewards: [
            { currency: 'points', points: 50 },
            { currency: 'xp', points: 40 },
          ],
          levelUps: [{ currency: 'xp', level: 2, threshold: 500, title: { en: 'Silver' } }],
        },
      },
    ],
  },
);
export type EventResponse = Static<typeof EventResponse>;

/** POST /events: one result per item, in order — the POST /event response, or the item's error body. */
export const PostEventsResponse = Type.Object({
  results: Type.Array(Type.Union([EventResponse, ErrorResponse])),
});
export type PostEventsResponse = Static<typeof PostEventsResponse>;
