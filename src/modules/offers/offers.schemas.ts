import { Type, type Static } from 'typebox';
import { LanguageMap, Millis, ResourceId, Status } from '../../http/schemas.js';
import { Coupon, Metadata } from '../coupons/index.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Limit = Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000_000 }));
const Ms = Millis();
const Url = Type.String({ maxLength: 2000 });
const Title = Type.Record(Type.String({ pattern: '^[a-z]{2}$|^default$' }), Type.String({ maxLength: 2000 }), { minProperties: 1 });

/** Body of POST /admin/offer and PUT /admin/offer/{offerId} (docs/api.md, Offers, shops and coupons; Admin API). */
export const OfferBody = Type.Object(
  {
    offerId: Type.Optional(ResourceId),
    type: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 50,
        description:
          'e.g. LOCAL, ONLINE; default ONLINE. STREAK_FREEZE: redeeming banks one freeze on `streakId` instead of issuing a coupon',
      }),
    ),
    streakId: Type.Optional(Nullable(ResourceId)),
    points: Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: 'Cost in points (in `currency` when it is set)' }),
    currency: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z0-9_-]{1,64}$',
        description: 'The spendable currency the offer costs (default `points`); a currency that is not spendable is refused',
      }),
    ),
    title: Title,
    description: Type.Optional(LanguageMap),
    category: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    shopId: Type.Optional(Nullable(ResourceId)),
    image: Type.Optional(Nullable(Url)),
    monthlyLimit: Type.Optional(Limit),
    totalLimit: Type.Optional(Limit),
    perUserLimit: Type.Optional(Limit),
    validFrom: Type.Optional(Nullable(Ms)),
    validUntil: Type.Optional(Nullable(Ms)),
    status: Type.Optional(Status),
    couponValidityDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650, description: 'default 30' })),
    tiers: Type.Optional(
      Nullable(
        Type.Array(ResourceId, {
          minItems: 1,
          maxItems: 50,
          uniqueItems: true,
          description: 'Only users in one of these tiers may redeem (others: TIER_REQUIRED); null or absent: everyone',
        }),
      ),
    ),
  },
  { additionalProperties: false },
);
export type OfferBody = Static<typeof OfferBody>;

export const Offer = Type.Object({
  offerId: Type.String(),
  type: Type.String(),
  points: Type.Integer(),
  currency: Type.Optional(Type.String({ description: 'The currency of the price; absent: points' })),
  title: Type.Record(Type.String(), Type.String()),
  description: Type.Record(Type.String(), Type.String()),
  category: Nullable(Type.String()),
  shopId: Nullable(Type.String()),
  image: Nullable(Type.String()),
  monthlyLimit: Nullable(Type.Integer()),
  totalLimit: Nullable(Type.Integer()),
  perUserLimit: Nullable(Type.Integer()),
  validFrom: Nullable(Type.Integer()),
  validUntil: Nullable(Type.Integer()),
  status: Type.String(),
  couponValidityDays: Type.Integer(),
  tiers: Nullable(Type.Array(Type.String(), { description: 'The tiers the offer is limited to; null: everyone' })),
  streakId: Nullable(Type.String({ description: 'Type STREAK_FREEZE: the streak a redemption banks a freeze on; null for other offers' })),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type Offer = Static<typeof Offer>;

export const OfferStatistics = Type.Object({
  month: Type.String({ description: 'YYYY-MM (UTC) of now' }),
  redeemed: Type.Integer(),
  limit: Nullable(Type.Integer()),
  remaining: Nullable(Type.Integer()),
});
export const OfferTotalStatistics = Type.Object({
  redeemed: Type.Integer(),
  used: Type.Integer({ description: 'Coupons of this offer that were redeemed (used)' }),
  valid: Type.Integer({ description: 'Coupons of this offer still usable: not used, not expired' }),
  limit: Nullable(Type.Integer()),
  remaining: Nullable(Type.Integer()),
});

export const ShopBody = Type.Object(
  {
    shopId: Type.Optional(ResourceId),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    status: Type.Optional(Status),
    logo: Type.Optional(Nullable(Url)),
    image: Type.Optional(Nullable(Url)),
    description: Type.Optional(LanguageMap),
  },
  { additionalProperties: false },
);
export type ShopBody = Static<typeof ShopBody>;

export const ShopStatistics = Type.Object({ offers: Type.Integer(), redeemed: Type.Integer(), used: Type.Integer() });
export type ShopStatistics = Static<typeof ShopStatistics>;

export const Shop = Type.Object({
  shopId: Type.String(),
  name: Type.String(),
  status: Type.String(),
  logo: Nullable(Type.String()),
  image: Nullable(Type.String()),
  description: Type.Record(Type.String(), Type.String()),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
  statistics: Type.Optional(ShopStatistics),
});
export type Shop = Static<typeof Shop>;

export const OfferView = Type.Object({
  offer: Offer,
  statistics: Type.Optional(OfferStatistics),
  totalStatistics: Type.Optional(OfferTotalStatistics),
  shop: Type.Optional(Nullable(Shop)),
});
export type OfferView = Static<typeof OfferView>;

/** Admin view of an offer: the offer with its counters. */
export const AdminOffer = Type.Intersect([Offer, Type.Object({ statistics: OfferStatistics, totalStatistics: OfferTotalStatistics })]);

export const RedeemBody = Type.Object(
  { metadata: Type.Optional(Metadata) },
  {
    additionalProperties: true,
    description:
      'Passed on to the redeem logic; metadata is stored with the redemption. metadata.quantity (integer 1–100, ' +
      'default 1) redeems that many units at once: points × quantity, every limit counts units, one coupon per unit; ' +
      'refused whole when any unit is refused (400 INVALID_QUANTITY for another value).',
  },
);
export type RedeemBody = Static<typeof RedeemBody>;

export const RedeemReason = Type.Union([
  Type.Literal('INSUFFICIENT_POINTS'),
  Type.Literal('OFFER_INACTIVE'),
  Type.Literal('OFFER_EXPIRED'),
  Type.Literal('MONTHLY_LIMIT_REACHED'),
  Type.Literal('TOTAL_LIMIT_REACHED'),
  Type.Literal('USER_LIMIT_REACHED'),
  Type.Literal('TIER_REQUIRED'),
  Type.Literal('FREEZE_BANK_FULL'),
  Type.Literal('STREAK_UNAVAILABLE'),
  Type.Null(),
]);

export const Redeemable = Type.Object({
  redeemable: Type.Boolean(),
  reason: RedeemReason,
  points: Type.Integer({ description: "Balance of the user in the offer's currency" }),
  cost: Type.Integer({ description: 'Points the offer costs' }),
  currency: Type.Optional(Type.String({ description: "The offer's currency; absent: points" })),
});

export const Redeemed = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({
    userId: Type.String(),
    offerId: Type.String(),
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Units redeemed (metadata.quantity, default 1)' })),
    pointsSpent: Type.Integer({ description: 'The offer’s points × quantity' }),
    balance: Type.Integer({ description: "The balance of the offer's currency after it" }),
    currency: Type.Optional(Type.String({ description: "The offer's currency; absent: points" })),
    redemptionId: Type.String({ description: 'The redemption of the first unit' }),
    coupon: Type.Union([Coupon, Type.Null()], { description: 'The coupon of the first unit (null for a streak freeze)' }),
    coupons: Type.Optional(Type.Array(Coupon, { description: 'One coupon per unit redeemed, in order' })),
    freeze: Type.Optional(
      Type.Object(
        { streakId: Type.String(), available: Type.Integer(), used: Type.Integer() },
        { description: 'Type STREAK_FREEZE: the bank of the streak after the freeze was added' },
      ),
    ),
  }),
});
export type Redeemed = Static<typeof Redeemed>;
