/**
 * Columns and tables the users module adds (migrations 0850_users_last_active, 0950_user_time_zones,
 * 0995_a_user_counts, 0996_c_user_attributes, 0998_c_users_rewards_at).
 */
declare module '../../platform/db/schema.js' {
  interface UsersTable {
    /** When the write path last recorded something the user did (not an admin adjustment), Unix ms; null: never. */
    last_active_at?: number | null;
    /**
     * When the user last got points, Unix ms (decision 347): the latest ledger entry that moved one of the
     * user's balances, at its creation or, for a pending credit, when it became available; null: never.
     */
    rewards_at?: number | null;
    /** IANA zone whose calendar drives the user's streak periods and event limits; `UTC` by default. */
    time_zone?: string;
    /** The user's attributes (user-attributes.ts), a JSON object; `{}` when none is set. */
    attributes?: string;
  }
  interface DB {
    user_counts: UserCountsTable;
  }
}

/**
 * A project's live users (a row without `deleted_at`), in shards that writers add to in the
 * transaction that makes a user live or not (decision 287): the project's count is the sum of its
 * rows. A shard may be negative (a deletion takes one off whichever shard it picks).
 */
export interface UserCountsTable {
  project_id: string;
  shard: number;
  users: number;
}
