/** The durable job table (migration 0500_analytics_jobs). */
export interface JobsTable {
  job_id: string;
  /** The project the job works for; `*` for system tasks that span projects. */
  project_id: string;
  /** What runs it: a registered handler name, e.g. `user-deletion`, `daily:idempotency-cleanup`. */
  kind: string;
  /** What the job is about (the userId of a deletion), for lookups; null for system tasks. */
  subject: string | null;
  /** JSON: the handler's input and its progress cursor. */
  payload: string;
  /** queued | running | done | failed */
  status: string;
  /** Units of work done so far (rows deleted), shown by GET /admin/job/{jobId}. */
  processed: number;
  attempts: number;
  /** Unique when set: a daily task is enqueued once per day (`<task>:<YYYY-MM-DD>`). */
  dedup_key: string | null;
  run_after: number;
  locked_by: string | null;
  /** The claim's lease; a running job whose lease passed is claimed again (its runner died). */
  locked_until: number | null;
  error: string | null;
  created_at: number;
  updated_at: number;
}

declare module '../db/schema.js' {
  interface DB {
    jobs: JobsTable;
  }
  interface UsersTable {
    /** Set while the user's deletion job runs; the row itself is removed as the job's last step. */
    deleted_at?: number | null;
  }
}
