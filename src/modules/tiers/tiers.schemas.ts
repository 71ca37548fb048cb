import { Type, type Static } from 'typebox';
import { LanguageMap, ResourceId } from '../../http/schemas.js';

export const TierId = Type.String({ ...ResourceId, description: 'Tier id (A–Z a–z 0–9 _ -, at most 128)' });

const fields = {
  title: LanguageMap,
  threshold: Type.Integer({
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
    description: 'Points earned in the tier window that reach this tier',
  }),
  multiplier: Type.Number({
    minimum: 1,
    maximum: 100,
    description: 'Event rewards of users in this tier are multiplied by it (rounded down), before maximumReward',
  }),
  benefits: Type.Optional(LanguageMap),
};

export const CreateTierBody = Type.Object({ tierId: Type.Optional(TierId), ...fields }, { additionalProperties: false });
export type CreateTierBody = Static<typeof CreateTierBody>;

export const UpdateTierBody = Type.Object(
  { tierId: Type.Optional(TierId), ...fields },
  { additionalProperties: false, description: 'A full update: an omitted `benefits` becomes {}' },
);
export type UpdateTierBody = Static<typeof UpdateTierBody>;

export const Tier = Type.Object({
  tierId: Type.String(),
  title: LanguageMap,
  threshold: Type.Integer(),
  multiplier: Type.Number(),
  benefits: LanguageMap,
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type Tier = Static<typeof Tier>;

export const UserTier = Type.Object({
  userId: Type.String(),
  currency: Type.String({ description: "The currency whose earnings decide tiers (the project's tierCurrency, default `points`)" }),
  tierId: Type.Union([Type.String(), Type.Null()], { description: 'null: no tier reached' }),
  title: Type.Union([LanguageMap, Type.Null()]),
  benefits: Type.Union([LanguageMap, Type.Null()]),
  multiplier: Type.Number({ description: 'Applied to event rewards (1 without a tier)' }),
  since: Type.Union([Type.Integer({ description: 'When the user reached the tier (Unix ms)' }), Type.Null()]),
  earnedInWindow: Type.Integer({
    description: 'Earned in the tier currency in the tier window (every entry but spending, as on leaderboards)',
  }),
  next: Type.Union(
    [
      Type.Object({ tierId: Type.String(), pointsNeeded: Type.Integer({ description: 'Points still to earn in the window' }) }),
      Type.Null(),
    ],
    { description: 'The tier above the current one; null at the top' },
  ),
});
export type UserTier = Static<typeof UserTier>;
