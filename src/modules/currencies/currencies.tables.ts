import type { Generated } from 'kysely';

/** Tables of the currencies module (migration 0995_d_currencies; decision 302). */
declare module '../../platform/db/schema.js' {
  interface DB {
    currencies: CurrenciesTable;
    user_balances: UserBalancesTable;
    currency_lots: CurrencyLotsTable;
  }
  interface LedgerTable {
    /** The currency of the entry (`points` for every entry of the interface's one balance). */
    currency: Generated<string>;
  }
  interface ProjectsTable {
    /** The currency whose earnings decide tiers; null: `points`. */
    tier_currency?: string | null;
  }
}
/** A currency of a project besides `points` (which always exists and is not stored here). */
export interface CurrenciesTable {
  project_id: string;
  currency_id: string;
  /** JSON language map. */
  title: string;
  spendable: number;
  /** Days after the day a credit entered the balance that it expires; null: never. */
  expiry_days: number | null;
  /** The UTC day expiry was switched on (lots from before count from it), YYYY-MM-DD. */
  expiry_since: string | null;
  /** JSON array of { level, threshold, title }; null: no levels. */
  levels: string | null;
  status: string;
  created_at: number;
  updated_at: number;
}

/** A user's balance and lifetime earnings in a currency other than `points` (points live on the users row). */
export interface UserBalancesTable {
  project_id: string;
  user_id: string;
  currency_id: string;
  balance: number;
  /** Everything the user ever earned in the currency (credits; spending, expiry and reversals do not lower it). */
  lifetime: number;
}

/** A user's balance of a currency other than `points` by the UTC day it was earned (as point_lots). */
export interface CurrencyLotsTable {
  project_id: string;
  user_id: string;
  currency_id: string;
  earned_on: string;
  remaining: number;
}
