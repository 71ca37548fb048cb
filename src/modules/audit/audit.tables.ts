import type { Generated } from 'kysely';

/** The audit log's table (migration 0850_audit_log). */
declare module '../../platform/db/schema.js' {
  interface DB {
    audit_log: AuditLogTable;
  }
}

export interface AuditLogTable {
  row_id: Generated<number>;
  project_id: string;
  /** Unix ms. */
  at: number;
  /** `admin`, `apikey:<apiKeyId>`, `service:<subject>` or `user:<userId>`. */
  actor: string;
  /** e.g. `event`, `offer`, `apikey`, `project`, `user`. */
  resource: string;
  resource_id: string | null;
  /** `create`, `update`, `delete`, `adjustment`, or a named action (`rotate-secret`, …). */
  action: string;
  /** JSON, secrets redacted; null when there was none. */
  before: string | null;
  after: string | null;
}
