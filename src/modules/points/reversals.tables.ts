/** Reversed ledger entries, one row each (migration 0900_tiers_reversals). */
declare module '../../platform/db/schema.js' {
  interface DB {
    reversals: ReversalsTable;
  }
}

export interface ReversalsTable {
  project_id: string;
  user_id: string;
  /** The reversed ledger entry. */
  entry_id: number;
  reversal_id: string;
  /** Points taken back (≥ 0) and points that had been spent already. */
  points: number;
  unrecovered: number;
  reason: string;
  created_at: number;
}
