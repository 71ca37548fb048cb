import type { OffersTable } from './offers.tables.js';

/** Rules of offers that both the service and the redemption part of the write path use. */

/** The offer type whose redemption banks a streak freeze instead of issuing a coupon (decision 164). */
export const STREAK_FREEZE = 'STREAK_FREEZE';

/** The tierIds an offer is limited to (null: everyone). */
export function offerTiers(r: Pick<OffersTable, 'tiers'>): string[] | null {
  return r.tiers === null || r.tiers === undefined ? null : (JSON.parse(r.tiers) as string[]);
}

/** A language map shown as one string: de, else en, else the first language (docs/api.md, Offers, shops and coupons). */
export function pickLanguage(map: Record<string, string>): string {
  return map.de ?? map.en ?? Object.values(map)[0] ?? '';
}
