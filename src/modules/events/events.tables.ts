import type { Generated } from 'kysely';

/** Tables of the events module (migration 0100_events). */
declare module '../../platform/db/schema.js' {
  interface DB {
    event_definitions: EventDefinitionsTable;
    events: EventsTable;
    event_limit_counters: EventLimitCountersTable;
  }
}

/** One configured event; the whole definition is kept as JSON, status and times beside it. */
export interface EventDefinitionsTable {
  project_id: string;
  event_id: string;
  status: string;
  /** JSON of the stored definition (EventDefinition without createdAt/updatedAt). */
  definition: string;
  created_at: number;
  updated_at: number;
}

/**
 * Every received event with its metadata, also those over their limit or failing their
 * conditions (analytics read this table).
 */
export interface EventsTable {
  row_id: Generated<number>;
  project_id: string;
  event_id: string;
  user_id: string;
  /** Effective time (offline timestamp or receive time), Unix ms. */
  occurred_at: number;
  received_at: number;
  points: number;
  condition_reached: number;
  limit_reached: number;
  /** JSON object. */
  metadata: string;
  /** JSON array of userGroupIds named in metadata.usergroup. */
  user_groups: string;
}

/** Completions of a limited event per user and period; raised by a conditional upsert. */
export interface EventLimitCountersTable {
  project_id: string;
  user_id: string;
  event_id: string;
  /** e.g. `D2026-01-15`, `W2026-01-12`, `M2026-01`, `L` */
  period_key: string;
  count: number;
}
