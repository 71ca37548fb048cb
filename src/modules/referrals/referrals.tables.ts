/** Tables of the referrals module (migration 0996_r_referrals; decision 310). */
declare module '../../platform/db/schema.js' {
  interface DB {
    referral_programmes: ReferralProgrammesTable;
    referral_codes: ReferralCodesTable;
    referrals: ReferralsTable;
  }
}

/** A project's programme: its settings as JSON (referral-programme.ts). */
export interface ReferralProgrammesTable {
  project_id: string;
  settings: string;
  updated_at: number;
}

/** A user's code, created on first read; unique per project. */
export interface ReferralCodesTable {
  project_id: string;
  user_id: string;
  code: string;
  created_at: number;
}

/** `pending` → `qualified`; `flagged` → approved (`pending` or `qualified`) or `rejected`. */
export type ReferralStatus = 'pending' | 'flagged' | 'qualified' | 'rejected';
/**
 * What became of the referrer's reward: `none` (not qualified yet), `paid`, `capped`, `due` (left to a
 * payout unit of its own, decision 310), `gone` (the referrer was deleted).
 */
export type ReferrerState = 'none' | 'paid' | 'capped' | 'due' | 'gone';

/** One referral: the link between a referrer and a referee (null: that user was deleted). */
export interface ReferralsTable {
  project_id: string;
  id: string;
  referrer_id: string | null;
  referee_id: string | null;
  code: string;
  fingerprint: string | null;
  status: ReferralStatus;
  joined_at: number;
  /** When the referee's user was created: the windows (codeDays, withinDays) count from it. */
  referee_since: number;
  /** When the qualifying event was taken (a flagged referral keeps it until it is approved). */
  qualified_at: number | null;
  referee_points: number;
  referrer_points: number;
  referrer_state: ReferrerState;
  referrer_paid_at: number | null;
  /** The currency the rewards were paid in (`points` or another currency of the project). */
  currency: string;
}
