import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { realNow } from '../platform/clock.js';
import type { Platform } from '../platform/platform.js';
import { deleteKey, findKey, insertClaim, releaseClaim, storeResponse, takeOverClaim } from '../write-path/idempotency-keys.repository.js';
import type { IdempotencyClaim } from '../write-path/idempotent-response.js';
import { principalKey } from './auth/principal.js';
import { canonicalJson } from './canonical-json.js';
import { AppError } from './errors.js';

export type { IdempotencyClaim } from '../write-path/idempotent-response.js';

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: IdempotencyClaim | null;
  }
}

const KEY_TTL_MS = 24 * 3_600_000;
/**
 * How long a claim in progress is held for its request. A request that has not answered by then
 * is taken to have died with its process (a crash, a kill); a retry then takes the claim over.
 * Requests fail within seconds when a store is away, so a live one never runs this long.
 */
export const CLAIM_LEASE_MS = 10_000;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Idempotency-Key (docs/api.md, Responses and errors) for every state-changing request of an authenticated
 * principal. The first request claims the key with an insert (a primary key, so concurrent
 * duplicates cannot both claim it); its response is stored, and a repeat with the same body gets
 * that response again without running the handler. The same key with another body is 409.
 * A 5xx releases the key so the client can retry. Keys are kept at least 24 h.
 *
 * After a crash: a repeat that finds the key still in progress waits (polling with backoff) while
 * the claim's lease runs, then takes the claim over and is processed. Writes that must not happen
 * twice (the write path: events, redemptions, survey answers, adjustments) store their response
 * in their own transaction, only while the claim is still theirs (`lockClaims`, `storeResponses`); so a
 * repeat finds either that response (the write committed) or no effect at all (it did not), never a key stuck "in progress".
 */
export function registerIdempotency(app: FastifyInstance, platform: Platform): void {
  const db = platform.db.kysely;
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !MUTATING.has(request.method) || !request.principal) return;
    if (key.length === 0 || key.length > 255) {
      throw AppError.of('INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key must be 1 to 255 characters');
    }
    const scope = { projectId: request.principal.projectId, principal: principalKey(request.principal), key };
    const hash = requestHash(request);

    for (let attempt = 0; attempt < 3; attempt++) {
      const now = platform.clock.now();
      const leaseUntil = realNow() + CLAIM_LEASE_MS;
      const inserted = await insertClaim(db, scope, hash, now, leaseUntil);
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
        request.idempotencyClaim = { ...scope, leaseUntil };
        return;
      }
      const existing = await waitForFirst(scope, now);
      if (!existing) continue; // expired or released in the meantime: claim it again
      if (existing.request_hash !== hash) {
        throw AppError.of('IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key was already used with a different request');
      }
      if (existing.status_code === null) {
        const heldUntil = Number(existing.lease_until ?? 0);
        if (heldUntil > realNow()) {
          reply.header('retry-after', String(Math.max(1, Math.ceil((heldUntil - realNow()) / 1000))));
          throw AppError.of('IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still in progress');
        }
        const claim = await takeOver(scope, existing.lease_until);
        if (claim) {
          request.idempotencyClaim = claim;
          return;
        }
        continue; // another repeat took it over or it finished: look again
      }
      reply.header('idempotent-replayed', 'true');
      if (existing.content_type) reply.header('content-type', existing.content_type);
      return reply.status(existing.status_code).send(existing.response_body ?? undefined);
    }
    throw AppError.of('IDEMPOTENCY_IN_PROGRESS', 'Idempotency-Key could not be claimed, retry');
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    // A callback hook: every response passes here, and few hold a claim.
    if (!request.idempotencyClaim) return done(null, payload);
    keepResponse(request, reply, payload).then(() => done(null, payload), done);
  });

  async function keepResponse(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
    const claim = request.idempotencyClaim!;
    try {
      if (reply.statusCode >= 500) {
        await releaseClaim(db, claim, claim.leaseUntil);
      } else {
        const contentType = reply.getHeader('content-type');
        await storeResponse(db, claim, claim.leaseUntil, {
          status_code: reply.statusCode,
          response_body: typeof payload === 'string' ? payload : null,
          content_type: typeof contentType === 'string' ? contentType : null,
        });
      }
    } catch (err) {
      // The store went away after the work: the claim stays in progress until its lease ends.
      request.log.warn({ err }, 'could not store the idempotent response');
    }
  }

  async function waitForFirst(scope: { projectId: string; principal: string; key: string }, now: number) {
    let pause = 25;
    for (;;) {
      const row = await findKey(db, scope);
      if (!row) return null;
      if (row.created_at < now - KEY_TTL_MS) {
        await deleteKey(db, scope);
        return null;
      }
      const heldUntil = Number(row.lease_until ?? 0);
      if (row.status_code !== null || heldUntil <= realNow()) return row;
      await new Promise((r) => setTimeout(r, Math.min(pause, heldUntil - realNow())));
      pause = Math.min(pause * 2, 500);
    }
  }

  /** Takes over a claim whose lease ran out (its request died); null when another request was faster. */
  async function takeOver(
    scope: { projectId: string; principal: string; key: string },
    oldLease: number | null,
  ): Promise<IdempotencyClaim | null> {
    const leaseUntil = realNow() + CLAIM_LEASE_MS;
    const r = await takeOverClaim(db, scope, oldLease, leaseUntil);
    return Number(r.numUpdatedRows) > 0 ? { ...scope, leaseUntil } : null;
  }
}

/** Same method, URL and JSON value of the body (key order and whitespace do not matter). */
function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`)
    .digest('hex');
}
