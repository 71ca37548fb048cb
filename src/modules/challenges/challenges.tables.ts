/** Tables of the challenges module (migration 0300_challenges_streaks). */
export interface ChallengesTable {
  project_id: string;
  challenge_id: string;
  /** JSON language map. */
  title: string;
  /** JSON language map. */
  description: string;
  /** FIXED | SUM */
  type: string;
  event_id: string;
  /** JSON { type, conditions }, or null. */
  conditions: string | null;
  /** SUM: the metadata field that is added up. */
  value_field: string | null;
  goal: number;
  points: number;
  /** The currency of `points` (null: points; migration 0995_d). */
  currency?: string | null;
  series_id: string | null;
  step: number | null;
  /** 1 when the operator marked the step as the last of its series. */
  is_last_step: number;
  start_date: number | null;
  end_date: number | null;
  image: string | null;
  status: string;
  /** When the challenge last became ACTIVE (created active or re-activated); ms. */
  activated_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One user's progress on one challenge; no row = progress 0. */
export interface ChallengeProgressTable {
  project_id: string;
  user_id: string;
  challenge_id: string;
  /** The progress as a number (kept for readers of the table; `progress_exact` is the truth). */
  progress: number;
  /** The exact decimal sum as text (decision 190); null on rows written before it existed. */
  progress_exact: string | null;
  /** When the challenge was completed (service time, ms); null while open. */
  completed_at: number | null;
  updated_at: number;
}

declare module '../../platform/db/schema.js' {
  interface DB {
    challenges: ChallengesTable;
    challenge_progress: ChallengeProgressTable;
  }
}
