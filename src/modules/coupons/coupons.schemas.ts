import { Type, type Static } from 'typebox';
import { Millis, ResourceId, UserId } from '../../http/schemas.js';

/** Free-form metadata object (coupon and redemption metadata): at most 50 keys, 5 levels deep, 8 KB as JSON. */
export const METADATA_MAX_DEPTH = 5;
export const METADATA_MAX_BYTES = 8192;
export const Metadata = Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), {
  maxProperties: 50,
  maxDepth: METADATA_MAX_DEPTH,
  maxJsonBytes: METADATA_MAX_BYTES,
  description:
    `Free-form object: at most 50 keys, nested at most ${METADATA_MAX_DEPTH} levels, at most ${METADATA_MAX_BYTES} bytes as ` + `JSON`,
});
export type Metadata = Static<typeof Metadata>;

/** A coupon as GET /user/{userId}/coupon lists it (docs/api.md, Offers, shops and coupons). */
export const Coupon = Type.Object({
  PK: Type.String({ description: 'USER#<userId>#COUPON' }),
  SK: Type.String({ description: 'COUPON#<couponKey>; the internal coupon id' }),
  couponKey: Type.String(),
  userId: Type.String(),
  title: Type.String(),
  description: Type.String(),
  validUntil: Type.Integer(),
  redeemed: Type.Boolean(),
  redeemedAt: Type.Union([Type.Integer(), Type.Null()]),
  metadata: Metadata,
  offerId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Integer(),
});
export type Coupon = Static<typeof Coupon>;

export const RedeemCouponBody = Type.Object(
  {
    userId: Type.Optional(UserId),
    SK: Type.String({ minLength: 1, maxLength: 300, description: 'The coupon SK (COUPON#<couponKey>); selects the coupon' }),
  },
  { additionalProperties: false },
);
export type RedeemCouponBody = Static<typeof RedeemCouponBody>;

export const RedeemedCoupon = Type.Object({ redeemed: Type.Boolean(), userId: Type.String(), SK: Type.String() });

const Text = Type.String({ maxLength: 2000 });

/** POST /admin/coupon: issues one coupon to a user. */
export const IssueCouponBody = Type.Object(
  {
    couponKey: Type.Optional(ResourceId),
    userId: UserId,
    title: Type.String({ minLength: 1, maxLength: 2000 }),
    description: Type.Optional(Text),
    validUntil: Millis(),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false },
);
export type IssueCouponBody = Static<typeof IssueCouponBody>;

/** PUT /admin/coupon/{couponKey}: full update (the owner cannot change). */
export const UpdateCouponBody = Type.Object(
  {
    couponKey: Type.Optional(ResourceId),
    userId: UserId,
    title: Type.String({ minLength: 1, maxLength: 2000 }),
    description: Type.Optional(Text),
    validUntil: Millis(),
    metadata: Type.Optional(Metadata),
    redeemed: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateCouponBody = Static<typeof UpdateCouponBody>;
