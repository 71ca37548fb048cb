import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Platform } from '../platform/platform.js';
import { principalKey } from './auth/principal.js';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: { projectId: string; principal: string; key: string } | null;
  }
}

const KEY_TTL_MS = 24 * 3_600_000;
const WAIT_FOR_FIRST_MS = 10_000;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Idempotency-Key (CONTRACT.md section 3) for every state-changing request of an authenticated
 * principal. The first request claims the key with an insert (a primary key, so concurrent
 * duplicates cannot both claim it); its response is stored, and a repeat with the same body gets
 * that response again without running the handler. The same key with another body is 409.
 * A 5xx releases the key so the client can retry. Keys are kept at least 24 h.
 */
export function registerIdempotency(app: FastifyInstance, platform: Platform): void {
  const db = platform.db.kysely;
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !MUTATING.has(request.method) || !request.principal) return;
    if (key.length === 0 || key.length > 255) {
      throw AppError.badRequest('Idempotency-Key must be 1 to 255 characters', 'INVALID_IDEMPOTENCY_KEY');
    }
    const scope = { projectId: request.principal.projectId, principal: principalKey(request.principal), key };
    const hash = requestHash(request);

    for (let attempt = 0; attempt < 2; attempt++) {
      const now = platform.clock.now();
      const inserted = await db
        .insertInto('idempotency_keys')
        .values({ project_id: scope.projectId, principal: scope.principal, idem_key: key, request_hash: hash, status_code: null, response_body: null, content_type: null, created_at: now })
        .onConflict((oc) => oc.columns(['project_id', 'principal', 'idem_key']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
        request.idempotencyClaim = scope;
        return;
      }
      const existing = await waitForFirst(scope, now);
      if (!existing) continue; // expired or released in the meantime: claim it again
      if (existing.request_hash !== hash) {
        throw AppError.conflict('Idempotency-Key was already used with a different request', 'IDEMPOTENCY_KEY_REUSED');
      }
      if (existing.status_code === null) {
        throw AppError.conflict('A request with this Idempotency-Key is still in progress', 'IDEMPOTENCY_IN_PROGRESS');
      }
      reply.header('idempotent-replayed', 'true');
      if (existing.content_type) reply.header('content-type', existing.content_type);
      return reply.status(existing.status_code).send(existing.response_body ?? undefined);
    }
    throw AppError.conflict('Idempotency-Key could not be claimed, retry', 'IDEMPOTENCY_IN_PROGRESS');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    const where = db
      .updateTable('idempotency_keys')
      .where('project_id', '=', claim.projectId)
      .where('principal', '=', claim.principal)
      .where('idem_key', '=', claim.key);
    if (reply.statusCode >= 500) {
      await db.deleteFrom('idempotency_keys').where('project_id', '=', claim.projectId).where('principal', '=', claim.principal).where('idem_key', '=', claim.key).execute();
    } else {
      const contentType = reply.getHeader('content-type');
      await where
        .set({ status_code: reply.statusCode, response_body: typeof payload === 'string' ? payload : null, content_type: typeof contentType === 'string' ? contentType : null })
        .execute();
    }
    return payload;
  });

  async function waitForFirst(scope: { projectId: string; principal: string; key: string }, now: number) {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const row = await db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('project_id', '=', scope.projectId)
        .where('principal', '=', scope.principal)
        .where('idem_key', '=', scope.key)
        .executeTakeFirst();
      if (!row) return null;
      if (row.created_at < now - KEY_TTL_MS) {
        await db.deleteFrom('idempotency_keys').where('project_id', '=', scope.projectId).where('principal', '=', scope.principal).where('idem_key', '=', scope.key).execute();
        return null;
      }
      if (row.status_code !== null || Date.now() > deadline) return row;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}
