import { Type, type Static } from 'typebox';
import { LanguageMap, ResourceId, Status } from '../../http/schemas.js';

export const CurrencyId = Type.String({ ...ResourceId, maxLength: 64, description: 'Currency id (A–Z a–z 0–9 _ -, at most 64)' });

export const CurrencyLevel = Type.Object(
  {
    level: Type.Integer({ minimum: 1, maximum: 1000, description: 'The level number (1, 2, 3 …), rising with the threshold' }),
    threshold: Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Lifetime earnings in the currency that reach it',
    }),
    title: Type.Optional(LanguageMap),
  },
  { additionalProperties: false },
);
export type CurrencyLevel = Static<typeof CurrencyLevel>;

const Expiry = Type.Object(
  { afterDays: Type.Integer({ minimum: 1, maximum: 3650, description: 'Days after the day a credit entered the balance' }) },
  { additionalProperties: false },
);

const fields = {
  title: LanguageMap,
  spendable: Type.Boolean({ description: 'Whether offers may be priced in it (an XP that only ranks and levels is not)' }),
  pointsExpiry: Type.Optional(
    Type.Union([Expiry, Type.Null()], { description: 'Credits expire this many days after they were earned; null: never' }),
  ),
  levels: Type.Optional(Type.Array(CurrencyLevel, { maxItems: 100, description: 'Levels by lifetime earnings, lowest first' })),
  status: Type.Optional(Status),
};

export const CreateCurrencyBody = Type.Object({ currencyId: CurrencyId, ...fields }, { additionalProperties: false });
export type CreateCurrencyBody = Static<typeof CreateCurrencyBody>;

export const UpdateCurrencyBody = Type.Object(
  { currencyId: Type.Optional(CurrencyId), ...fields },
  { additionalProperties: false, description: 'A full update: omitted `levels` become none, an omitted `pointsExpiry` turns expiry off' },
);
export type UpdateCurrencyBody = Static<typeof UpdateCurrencyBody>;

export const Currency = Type.Object({
  currencyId: Type.String(),
  title: LanguageMap,
  spendable: Type.Boolean(),
  pointsExpiry: Type.Union([Type.Object({ afterDays: Type.Integer() }), Type.Null()]),
  levels: Type.Array(Type.Object({ level: Type.Integer(), threshold: Type.Integer(), title: LanguageMap })),
  status: Status,
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type Currency = Static<typeof Currency>;
