import { Type, type Static } from 'typebox';
import { LanguageMap, ResourceId, Status } from '../../http/schemas.js';
import { Conditions } from '../events/index.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const TextMap = Type.Record(Type.String(), Type.String());
const Image = Type.String({ maxLength: 2000 });

/** What an achievement counts; which fields a kind takes is checked by the service (achievement-rules.ts). */
export const Criteria = Type.Object(
  {
    kind: Type.Union(
      [
        Type.Literal('eventCount'),
        Type.Literal('metadataSum'),
        Type.Literal('lifetimeEarned'),
        Type.Literal('streakLength'),
        Type.Literal('challengeCompleted'),
        Type.Literal('boardRank'),
      ],
      {
        description:
          'eventCount: qualifying events of `eventId`; metadataSum: the sum of metadata `field` of those events (exact decimals); ' +
          'lifetimeEarned: points earned in all; streakLength: the longest run of `streakId`; ' +
          'challengeCompleted: `challengeId` completed, or steps of `seriesId` completed; ' +
          'boardRank: a rank within the threshold (top N) of a closed month’s board of `groupId`',
      },
    ),
    eventId: Type.Optional(ResourceId),
    field: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'metadataSum: the metadata field added up' })),
    conditions: Type.Optional(Nullable(Conditions)),
    currency: Type.Optional(
      Type.String({ maxLength: 64, description: 'lifetimeEarned: the currency whose lifetime earnings count (default `points`)' }),
    ),
    streakId: Type.Optional(ResourceId),
    challengeId: Type.Optional(ResourceId),
    seriesId: Type.Optional(ResourceId),
    groupId: Type.Optional(ResourceId),
    threshold: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, maximum: 1e12, description: 'The one level’s threshold, when the achievement has no `levels`' }),
    ),
  },
  { additionalProperties: false },
);
export type Criteria = Static<typeof Criteria>;
export type CriteriaKind = Criteria['kind'];

export const LevelBody = Type.Object(
  {
    level: Type.Integer({ minimum: 1, maximum: 100 }),
    threshold: Type.Number({ exclusiveMinimum: 0, maximum: 1e12 }),
    title: Type.Optional(LanguageMap),
    image: Type.Optional(Nullable(Image)),
    points: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e9, description: 'Default: the achievement’s `points`' })),
  },
  { additionalProperties: false },
);
export type LevelBody = Static<typeof LevelBody>;

/** POST /admin/achievement (achievementId generated when omitted) and PUT /admin/achievement/{id} (full update). */
export const AchievementBody = Type.Object(
  {
    achievementId: Type.Optional(ResourceId),
    title: LanguageMap,
    description: Type.Optional(LanguageMap),
    image: Type.Optional(Nullable(Image)),
    status: Type.Optional(Status),
    secret: Type.Optional(Type.Boolean({ description: 'Shown to a user only once unlocked' })),
    points: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e9, description: 'Points of each level that names none' })),
    currency: Type.Optional(Type.String({ maxLength: 64, description: 'The currency its points are paid in (default `points`)' })),
    backfillPoints: Type.Optional(Type.Boolean({ description: 'Unlocks made by a backfill pay their points too (default false)' })),
    criteria: Criteria,
    levels: Type.Optional(Nullable(Type.Array(LevelBody, { minItems: 1, maxItems: 20 }))),
  },
  { additionalProperties: false },
);
export type AchievementBody = Static<typeof AchievementBody>;

const Level = Type.Object({
  level: Type.Integer(),
  threshold: Type.Number(),
  title: Nullable(TextMap),
  image: Nullable(Type.String()),
  points: Type.Number({ description: 'Points the level pays' }),
});

/** An achievement as the admin API returns it. */
export const AchievementDefinition = Type.Object({
  achievementId: Type.String(),
  title: TextMap,
  description: TextMap,
  image: Nullable(Type.String()),
  status: Type.String(),
  secret: Type.Boolean(),
  points: Type.Number(),
  currency: Type.Optional(Type.String({ description: 'The currency of its points; absent: points' })),
  backfillPoints: Type.Boolean(),
  criteria: Criteria,
  levels: Nullable(Type.Array(LevelBody)),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
  rarityByLevel: Type.Optional(
    Type.Record(Type.String(), Type.Number(), {
      description: 'In the list (GET /admin/achievement) only: per level, the fraction (0–1) of live users who unlocked it',
    }),
  ),
  backfillJobId: Type.Optional(
    Type.String({ description: 'Create and update: the job that awards it to users who already meet it (GET /admin/job/{jobId})' }),
  ),
});
export type AchievementDefinition = Static<typeof AchievementDefinition>;

const Rarity = {
  rarity: Type.Number({ description: 'Fraction (0–1) of the project’s users who unlocked its first level' }),
  rarityByLevel: Type.Record(Type.String(), Type.Number(), { description: 'Per level: the fraction of users who unlocked it' }),
};

/** GET /achievement/{id}: what every user may see of an achievement. */
export const PublicAchievement = Type.Object({
  achievementId: Type.String(),
  title: TextMap,
  description: TextMap,
  image: Nullable(Type.String()),
  secret: Type.Boolean(),
  kind: Type.String({ description: 'The criteria kind' }),
  levels: Type.Array(Level),
  ...Rarity,
});
export type PublicAchievement = Static<typeof PublicAchievement>;

/** An achievement as one user sees it. */
export const UserAchievement = Type.Object({
  ...PublicAchievement.properties,
  unlocked: Type.Boolean({ description: 'Whether the user unlocked at least one level' }),
  level: Nullable(Type.Integer({ description: 'The highest level unlocked' })),
  unlockedAt: Nullable(Type.String({ description: 'ISO 8601: when the highest level was unlocked' })),
  backfilled: Type.Boolean({ description: 'The highest level was awarded by a backfill' }),
  progress: Type.Number(),
  nextThreshold: Nullable(Type.Number({ description: 'The threshold of the next level; null when every level is unlocked' })),
  unlockedLevels: Type.Array(Type.Object({ level: Type.Integer(), unlockedAt: Type.String(), backfilled: Type.Boolean() })),
});
export type UserAchievement = Static<typeof UserAchievement>;

export const UserAchievementList = Type.Object({ achievements: Type.Array(UserAchievement) });

/** An unlock in the POST /event response (`data.achievements`). */
export const AchievementUnlockItem = Type.Object({ achievementId: Type.String(), level: Type.Integer() });

/** GET /admin/achievement/{id}/backfill: where the achievement's latest backfill stands (decision 288). */
export const BackfillProgress = Type.Object({
  achievementId: Type.String(),
  backfill: Type.Union(
    [
      Type.Object({
        jobId: Type.String({ description: 'The backfill job (also GET /admin/job/{jobId})' }),
        status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
        usersChecked: Type.Integer({ description: 'Live users the job has checked so far (in id order, 100 per step)' }),
        liveUsers: Type.Integer({ description: 'The project’s live users now: about what the whole backfill checks' }),
        createdAt: Type.Integer({ description: 'When the backfill was queued (ms)' }),
      }),
      Type.Null(),
    ],
    { description: 'null: the achievement was never backfilled (it was created inactive and never activated)' },
  ),
});
export type BackfillProgress = Static<typeof BackfillProgress>;
