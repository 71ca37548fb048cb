import type { Generated } from 'kysely';

/** The event log's table (migration 0850_event_log). */
declare module '../../platform/db/schema.js' {
  interface DB {
    event_log: EventLogTable;
  }
}

/** One POST /event call or bulk item: what came of it, kept for EVENT_LOG_DAYS. */
export interface EventLogTable {
  row_id: Generated<number>;
  project_id: string;
  /** When the service received it, Unix ms. */
  at: number;
  /** Null when a rejected request named no valid one. */
  user_id: string | null;
  event_id: string | null;
  /** AWARDED | CONDITION_FAILED | LIMIT_REACHED | REJECTED */
  outcome: string;
  /** Null for AWARDED (made when read). */
  reason: string | null;
  points: number;
  /** JSON object, or null. */
  metadata: string | null;
  /** HTTP status the caller got (200, or the 4xx of a rejection). */
  status: number;
  /** Error code of a rejection. */
  code: string | null;
}
