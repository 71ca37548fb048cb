import type { Principal } from '../../http/auth/principal.js';
import { AppError } from '../../http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { redacted, type AuditTarget } from './audit-target.js';
import { AuditRepository, type StoredAuditRow } from './audit.repository.js';
import type { AuditEntry, AuditPage, AuditQuery } from './audit.schemas.js';

type Json = Record<string, unknown> | null;

/**
 * The audit log (decision 122): every admin change with its time, actor, resource, id and the
 * object before and after, as the admin API shows them (secrets redacted). Recorded by the
 * hooks of audit.routes.ts once the change has answered 2xx.
 */
export class AuditService {
  private readonly repo: AuditRepository;

  constructor(private readonly platform: Platform) {
    this.repo = new AuditRepository(platform.db.kysely);
  }

  /** Records one change; a failure is logged and does not change the caller's answer (the change is done). */
  async record(principal: Principal, target: AuditTarget, before: Json, after: Json): Promise<void> {
    // A project's changes are listed under it, but its deletion under the caller's project: nothing
    // of a deleted project may remain (decision 216).
    const ownLog = target.resource === 'project' && target.resourceId !== null && target.action !== 'delete';
    const projectId = ownLog ? target.resourceId! : principal.projectId;
    try {
      await this.repo.insert({
        project_id: projectId,
        at: this.platform.clock.now(),
        actor: actorOf(principal),
        resource: target.resource,
        resource_id: target.resourceId,
        action: target.action,
        before: before === null ? null : JSON.stringify(redacted(before)),
        after: after === null ? null : JSON.stringify(redacted(after)),
      });
    } catch (err) {
      this.platform.log.error({ err, resource: target.resource, resourceId: target.resourceId }, 'audit log: change not recorded');
    }
  }

  /** GET /admin/audit-log: a project's changes, newest first. */
  async page(projectId: string, q: AuditQuery): Promise<AuditPage> {
    const rows = await this.repo.page(projectId, {
      ...(q.resource !== undefined ? { resource: q.resource } : {}),
      ...(q.resourceId !== undefined ? { resourceId: q.resourceId } : {}),
      ...(q.from !== undefined ? { from: q.from } : {}),
      ...(q.to !== undefined ? { to: q.to } : {}),
      ...(q.cursor !== undefined ? { before: decodeCursor(q.cursor) } : {}),
      limit: q.limit + 1,
    });
    const more = rows.length > q.limit;
    const page = more ? rows.slice(0, q.limit) : rows;
    const last = page[page.length - 1];
    return {
      entries: page.map(entryOf),
      nextCursor: more && last ? Buffer.from(`${Number(last.at)}:${Number(last.row_id)}`).toString('base64url') : null,
    };
  }
}

export function actorOf(p: Principal): string {
  switch (p.kind) {
    case 'admin':
      return 'admin';
    case 'apikey':
      return `apikey:${p.apiKeyId}`;
    case 'service':
      return `service:${p.subject}`;
    case 'user':
      return `user:${p.userId}`;
  }
}

function entryOf(r: StoredAuditRow): AuditEntry {
  return {
    at: Number(r.at),
    actor: r.actor,
    resource: r.resource,
    resourceId: r.resource_id,
    action: r.action,
    before: r.before === null ? null : (JSON.parse(r.before) as Record<string, unknown>),
    after: r.after === null ? null : (JSON.parse(r.after) as Record<string, unknown>),
  };
}

function decodeCursor(cursor: string): { at: number; rowId: number } {
  const m = /^(\d{1,16}):(\d{1,16})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw AppError.of('INVALID_CURSOR', 'cursor is not valid');
  return { at: Number(m[1]), rowId: Number(m[2]) };
}
