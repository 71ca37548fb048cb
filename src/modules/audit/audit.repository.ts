import type { Queryable } from '../../platform/db/database.js';
import type { AuditLogTable } from './audit.tables.js';
import './audit.tables.js';

export type AuditRow = Omit<AuditLogTable, 'row_id'>;
export type StoredAuditRow = AuditRow & { row_id: number };

/** SQL of the audit log: append and page. */
export class AuditRepository {
  constructor(private readonly db: Queryable) {}

  async insert(row: AuditRow): Promise<void> {
    await this.db.insertInto('audit_log').values(row).execute();
  }

  /** A project's entries, newest first. */
  page(
    projectId: string,
    f: { resource?: string; resourceId?: string; from?: number; to?: number; before?: { at: number; rowId: number }; limit: number },
  ): Promise<StoredAuditRow[]> {
    let q = this.db.selectFrom('audit_log').selectAll().where('project_id', '=', projectId);
    if (f.resource !== undefined) q = q.where('resource', '=', f.resource);
    if (f.resourceId !== undefined) q = q.where('resource_id', '=', f.resourceId);
    if (f.from !== undefined) q = q.where('at', '>=', f.from);
    if (f.to !== undefined) q = q.where('at', '<', f.to);
    const before = f.before;
    if (before) q = q.where((eb) => eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('row_id', '<', before.rowId)])]));
    return q.orderBy('at', 'desc').orderBy('row_id', 'desc').limit(f.limit).execute() as Promise<StoredAuditRow[]>;
  }
}
