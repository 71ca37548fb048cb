import { offerTiers } from './offer-rules.js';
import type { Offer, Shop } from './offers.schemas.js';
import type { OffersTable, ShopsTable } from './offers.tables.js';

/** Offers and shops as the API shows them, from their rows (offers.service.ts, offer-feed.ts). */

/** A nullable counter or time column as a number. */
export const num = (v: number | null) => (v === null ? null : Number(v));

/** An offer row as users see it (GET /offer/{id}, the feed). */
export function toOffer(r: OffersTable): Offer {
  return {
    offerId: r.offer_id,
    type: r.type,
    points: Number(r.points),
    ...(r.currency === undefined || r.currency === 'points' ? {} : { currency: r.currency }),
    title: JSON.parse(r.title),
    description: JSON.parse(r.description),
    category: r.category,
    shopId: r.shop_id,
    image: r.image,
    monthlyLimit: num(r.monthly_limit),
    totalLimit: num(r.total_limit),
    perUserLimit: num(r.per_user_limit),
    validFrom: num(r.valid_from),
    validUntil: num(r.valid_until),
    status: r.status,
    couponValidityDays: Number(r.coupon_validity_days),
    tiers: offerTiers(r),
    streakId: r.streak_id ?? null,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/** A shop row as users see it. */
export function toShop(r: ShopsTable): Shop {
  return {
    shopId: r.shop_id,
    name: r.name,
    status: r.status,
    logo: r.logo,
    image: r.image,
    description: JSON.parse(r.description),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}
