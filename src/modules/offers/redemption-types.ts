import type { Metadata } from '../coupons/index.js';
import type { WriteUnit } from '../../write-path/write-batch.js';
import type { Redeemed } from './offers.schemas.js';

/** What the redemption part of the write path takes (redemption-batch.ts). */

export interface RedemptionUnit extends WriteUnit {
  kind: 'redemption';
  offerId: string;
  metadata: Metadata | undefined;
  /** Units redeemed together (metadata.quantity, 1–100; decision 198). */
  quantity: number;
  /** When the redeem request arrived (validity, month). */
  now: number;
}

declare module '../../write-path/write-batch.js' {
  interface WriteKinds {
    redemption: { unit: RedemptionUnit; result: Redeemed['data'] };
  }
}

export { pickLanguage } from './offer-rules.js';
