import type { FastifyRequest } from 'fastify';
import type { App } from '../../http/app-type.js';
import { errors } from '../../http/schemas.js';
import { auditTarget, createdId, type AuditTarget } from './audit-target.js';
import { AuditPage, AuditQuery } from './audit.schemas.js';

type Json = Record<string, unknown> | null;

function objectOf(text: unknown): Json {
  if (typeof text !== 'string' || text === '') return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The balance an adjustment changed, from its own answer: balance and applied points were both
 * decided in the write path's transaction, so "before" is exactly the state the adjustment changed,
 * even when events of the user committed between the read before and the change (decision 200).
 */
function adjustedFrom(after: Json): Json {
  if (!after || typeof after.balance !== 'number' || typeof after.points !== 'number' || typeof after.adjustmentId !== 'string')
    return null;
  return { userId: after.userId, balance: after.balance - after.points };
}

/**
 * GET /admin/audit-log, and the hooks that fill it: before an admin change runs, the object it
 * changes is read through the admin API's own GET (so "before" is what an operator would have
 * seen); after it answered 2xx, its response is the "after" (null for a delete).
 */
export async function auditRoutes(app: App): Promise<void> {
  const { audit, users } = app.services;
  const pending = new WeakMap<FastifyRequest, { target: AuditTarget; before: Json }>();

  /** The object as GET /admin/<resource>/<id> shows it (the balance for a user), or null. */
  async function current(req: FastifyRequest, target: AuditTarget): Promise<Json> {
    if (target.resourceId === null || target.action === 'create') return null;
    if (target.resource === 'user') {
      const { points, userExists } = await users.points(req.principal.projectId, target.resourceId);
      return userExists ? { userId: target.resourceId, balance: points } : null;
    }
    const headers: Record<string, string> = {};
    if (typeof req.headers.authorization === 'string') headers.authorization = req.headers.authorization;
    if (typeof req.headers['x-project-id'] === 'string') headers['x-project-id'] = req.headers['x-project-id'];
    const res = await app.inject({ method: 'GET', url: `/admin/${target.resource}/${encodeURIComponent(target.resourceId)}`, headers });
    return res.statusCode === 200 ? objectOf(res.body) : null;
  }

  app.addHook('preHandler', async (req) => {
    const target = auditTarget(req.method, req.routeOptions.url, req.params, req.body);
    if (!target || !req.principal) return;
    pending.set(req, { target, before: await current(req, target) });
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const p = pending.get(req);
    if (!p || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    pending.delete(req);
    const after = p.target.action === 'delete' ? null : objectOf(payload);
    const target = p.target.resourceId === null ? { ...p.target, resourceId: createdId(p.target.resource, after) } : p.target;
    await audit.record(req.principal, target, adjustedFrom(after) ?? p.before, after);
    return payload;
  });

  app.get(
    '/admin/audit-log',
    {
      schema: {
        operationId: 'listAuditLog',
        description:
          'Every change made through the admin API (create, update, delete, adjustments, keys, projects) with its time, actor (admin ' +
          'token, API key or service), resource, id and the object before and after (secrets redacted); filtered by resource and ' +
          'id, newest first, paged by cursor.',
        tags: ['admin: audit'],
        security: [{ adminToken: [] }],
        summary: 'Audit log: every admin change with its actor and the object before and after, newest first',
        querystring: AuditQuery,
        response: { 200: AuditPage, ...errors(400, 401, 404) },
      },
    },
    (req) => audit.page(req.principal.projectId, req.query),
  );
}
