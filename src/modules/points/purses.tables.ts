import type { Generated } from 'kysely';

/** The ledger's tables of currencies other than points (migration 0995_d_currencies; decision 302). */
declare module '../../platform/db/schema.js' {
  interface DB {
    user_balances: UserBalancesTable;
    currency_lots: CurrencyLotsTable;
  }
  interface LedgerTable {
    /** The currency of the entry (`points` for every entry of the interface's one balance). */
    currency: Generated<string>;
  }
}

/** A user's balance and lifetime earnings in a currency other than `points` (points live on the users row). */
export interface UserBalancesTable {
  project_id: string;
  user_id: string;
  currency_id: string;
  balance: number;
  /** Everything the user earned in the currency (credits of the earning types; decision 303). */
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
