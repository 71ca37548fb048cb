import type { Generated } from 'kysely';

/**
 * The tables, as Kysely sees them. Each module adds its own tables to `DB` by declaration merging
 * in its `<area>.tables.ts`:
 *
 *   declare module '../../platform/db/schema.js' { interface DB { offers: OffersTable } }
 *
 * Conventions: every table has `project_id`; times are integer Unix ms (`bigint`); booleans are
 * integers 0/1 (the same on SQLite and PostgreSQL); language maps and metadata are JSON text.
 */
export interface DB {
  projects: ProjectsTable;
  api_keys: ApiKeysTable;
  users: UsersTable;
  user_groups: UserGroupsTable;
  ledger: LedgerTable;
  idempotency_keys: IdempotencyKeysTable;
}

export interface ProjectsTable {
  project_id: string;
  name: string;
  created_at: number;
  updated_at: number;
  /** Tiers: months of earnings that count (default 12) and monthly checks kept while short (default 1). */
  tier_window_months: number;
  tier_grace_months: number;
  /** Points expiry (decision 145): days after the day points entered the balance; null: off. */
  points_expiry_days: number | null;
  /** YYYY-MM-DD UTC day expiry was last switched on (null while off; decision 147). */
  points_expiry_since: string | null;
  /** 1: POST /event creates an unknown user in its write batch (decision 230); 0: 404. */
  auto_create_users: number;
  /** Set while the project's deletion job runs (decision 216); the row goes last. */
  deleted_at?: number | null;
  /** How many hours back an end user's own token may date an event; null: the default, 72 (decision 196). */
  user_event_max_age_hours: number | null;
}

export interface ApiKeysTable {
  project_id: string;
  api_key_id: string;
  name: string;
  key_hash: string;
  /** First characters of the key, shown in lists so an operator can tell keys apart. */
  key_prefix: string;
  created_at: number;
  revoked_at: number | null;
  /** JSON array of the key's scopes; null: every scope (decision 192). */
  scopes: string | null;
}

export interface UsersTable {
  project_id: string;
  user_id: string;
  created_at: number;
  /** Balance; always equals the sum of the user's ledger points. */
  points: number;
  /** Leaderboard display name; null shows the userId. */
  username: string | null;
  /** 1 when the user is shown as "Anonymous" in other users' leaderboard views. */
  anonymous: number;
}

export interface UserGroupsTable {
  project_id: string;
  user_group_id: string;
  /** JSON language map { default, de, en? }. */
  title: string;
  description: string;
  status: string;
  created_at: number;
  updated_at: number;
}

/**
 * The points ledger, which is also the reward history: one append-only row per event, challenge
 * completion, streak milestone, survey payout, redemption or adjustment (points may be 0).
 */
export interface LedgerTable {
  entry_id: Generated<number>;
  project_id: string;
  user_id: string;
  /** EVENT | CHALLENGE | STREAK | SURVEY | REDEMPTION | ADJUSTMENT | SEASON */
  type: string;
  /** The eventId, challengeId, streakId, surveyId, offerId or adjustment id. */
  source_id: string;
  points: number;
  /** Effective time (an offline event's timestamp), Unix ms. */
  occurred_at: number;
  /** YYYY-MM-DD of occurred_at (globalEventDateKey). */
  date_key: string;
  /** JSON { de, en } */
  title: string;
  /** JSON { de, en } */
  description: string;
  image: string | null;
  /** JSON object, or null. */
  metadata: string | null;
  created_at: number;
  /** Points of a pending credit not yet available (decision 148); 0 otherwise. */
  pending_points: Generated<number>;
  /** When a pending credit becomes (or became) available, ms; null for an entry never pending. */
  available_at: number | null;
  /** The lot (point_lots.earned_on) a credit went into; null for other entries and while pending. */
  lot: string | null;
}

export interface IdempotencyKeysTable {
  project_id: string;
  principal: string;
  idem_key: string;
  request_hash: string;
  /** null while the first request is still running. */
  status_code: number | null;
  response_body: string | null;
  content_type: string | null;
  created_at: number;
  /** Real time (ms) until which the claiming request holds the key; null on rows from before leases. */
  lease_until: number | null;
}
