/** Columns the users module adds to the users table (migrations 0850_users_last_active, 0950_user_time_zones). */
declare module '../../platform/db/schema.js' {
  interface UsersTable {
    /** When the write path last recorded something the user did (not an admin adjustment), Unix ms; null: never. */
    last_active_at?: number | null;
    /** IANA zone whose calendar drives the user's streak periods and event limits; `UTC` by default. */
    time_zone?: string;
  }
}

export {};
