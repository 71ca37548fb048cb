import type { Metadata } from '../coupons/index.js';
import type { WriteBatch, WriteUnit } from '../points/index.js';
import type { FreezeBankRefusal } from './redeem-refusal.js';

/** What the redemption part of the write path takes and needs from other modules (redemption-batch.ts). */

/** The user's tier as decided so far in the batch (the tiers module); absent: no tiers. */
export interface TierOfUser {
  tierOf(batch: WriteBatch, projectId: string, userId: string): { tierId: string } | null;
}

/**
 * The streaks' banks of freezes as decided so far in the batch (the streaks module): a
 * STREAK_FREEZE offer adds one to the redeeming user's bank of its streak (decision 164).
 */
export interface FreezeBanks {
  /** Reads the banks of these users' streaks into the batch (load phase). */
  load(batch: WriteBatch, keys: Array<{ projectId: string; userId: string; streakId: string }>): Promise<void>;
  /** Why the bank cannot take one more freeze now; null when it can. */
  refusal(batch: WriteBatch, projectId: string, userId: string, streakId: string): FreezeBankRefusal;
  /** Adds one freeze; the bank after. */
  bank(batch: WriteBatch, projectId: string, userId: string, streakId: string, now: number): { available: number; used: number };
}

export interface RedemptionUnit extends WriteUnit {
  kind: 'redemption';
  offerId: string;
  metadata: Metadata | undefined;
  /** Units redeemed together (metadata.quantity, 1–100; decision 198). */
  quantity: number;
  /** When the redeem request arrived (validity, month). */
  now: number;
}

/** A language map shown as one string: de, else en, else the first language (docs/api.md, Offers, shops and coupons). */
export function pickLanguage(map: Record<string, string>): string {
  return map.de ?? map.en ?? Object.values(map)[0] ?? '';
}
