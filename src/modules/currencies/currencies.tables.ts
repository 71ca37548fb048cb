/** Tables of the currencies module (migration 0995_d_currencies; decision 302). */
declare module '../../platform/db/schema.js' {
  interface DB {
    currencies: CurrenciesTable;
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
