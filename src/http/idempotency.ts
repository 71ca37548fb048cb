import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { KeyedSelect, KeyedUpdate } from '../platform/db/rows.js';
import type { Platform } from '../platform/platform.js';
import { principalKey } from './auth/principal.js';
import { canonicalJson } from './canonical-json.js';
import { AppError } from './errors.js';

/** A claimed Idempotency-Key: its row, and the lease this request holds on it. */
export interface IdempotencyClaim {
  projectId: string;
  principal: string;
  key: string;
  /** Real time (ms) until which the claim is this request's; part of every write to the row. */
  leaseUntil: number;
}

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
      const leaseUntil = Date.now() + CLAIM_LEASE_MS;
      const inserted = await db
        .insertInto('idempotency_keys')
        .values({
          project_id: scope.projectId,
          principal: scope.principal,
          idem_key: key,
          request_hash: hash,
          status_code: null,
          response_body: null,
          content_type: null,
          created_at: now,
          lease_until: leaseUntil,
        })
        .onConflict((oc) => oc.columns(['project_id', 'principal', 'idem_key']).doNothing())
        .executeTakeFirst();
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
        if (heldUntil > Date.now()) {
          reply.header('retry-after', String(Math.max(1, Math.ceil((heldUntil - Date.now()) / 1000))));
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

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    try {
      if (reply.statusCode >= 500) {
        await db
          .deleteFrom('idempotency_keys')
          .where('project_id', '=', claim.projectId)
          .where('principal', '=', claim.principal)
          .where('idem_key', '=', claim.key)
          .where('lease_until', '=', claim.leaseUntil)
          .execute();
      } else {
        const contentType = reply.getHeader('content-type');
        await db
          .updateTable('idempotency_keys')
          .set({
            status_code: reply.statusCode,
            response_body: typeof payload === 'string' ? payload : null,
            content_type: typeof contentType === 'string' ? contentType : null,
          })
          .where('project_id', '=', claim.projectId)
          .where('principal', '=', claim.principal)
          .where('idem_key', '=', claim.key)
          .where('lease_until', '=', claim.leaseUntil)
          .execute();
      }
    } catch (err) {
      // The store went away after the work: the claim stays in progress until its lease ends.
      request.log.warn({ err }, 'could not store the idempotent response');
    }
    return payload;
  });

  async function waitForFirst(scope: { projectId: string; principal: string; key: string }, now: number) {
    let pause = 25;
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
        await db
          .deleteFrom('idempotency_keys')
          .where('project_id', '=', scope.projectId)
          .where('principal', '=', scope.principal)
          .where('idem_key', '=', scope.key)
          .execute();
        return null;
      }
      const heldUntil = Number(row.lease_until ?? 0);
      if (row.status_code !== null || heldUntil <= Date.now()) return row;
      await new Promise((r) => setTimeout(r, Math.min(pause, heldUntil - Date.now())));
      pause = Math.min(pause * 2, 500);
    }
  }

  /** Takes over a claim whose lease ran out (its request died); null when another request was faster. */
  async function takeOver(
    scope: { projectId: string; principal: string; key: string },
    oldLease: number | null,
  ): Promise<IdempotencyClaim | null> {
    const leaseUntil = Date.now() + CLAIM_LEASE_MS;
    const r = await db
      .updateTable('idempotency_keys')
      .set({ lease_until: leaseUntil })
      .where('project_id', '=', scope.projectId)
      .where('principal', '=', scope.principal)
      .where('idem_key', '=', scope.key)
      .where('status_code', 'is', null)
      .where((eb) => (oldLease === null ? eb('lease_until', 'is', null) : eb('lease_until', '=', oldLease)))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0 ? { ...scope, leaseUntil } : null;
  }
}

/**
 * The claims of the requests in a write batch, locked for the batch (the write path stores their
 * responses in the same transaction as their work, so a repeat after a crash finds the response
 * exactly when the work committed). A claim is still the request's while its row shows the same
 * lease and no response.
 */
export const lockClaims = new KeyedSelect({
  description: 'lock the Idempotency-Key claims of a batch',
  table: 'idempotency_keys',
  keys: { project_id: 'text', principal: 'text', idem_key: 'text' },
  select: ['project_id', 'principal', 'idem_key', 'lease_until', 'status_code'],
  lock: 'update',
});

/** Whether a locked claim row still belongs to the request holding `claim`. */
export function claimHeld(row: { lease_until: number | null; status_code: number | null } | undefined, claim: IdempotencyClaim): boolean {
  return row !== undefined && row.status_code === null && Number(row.lease_until) === claim.leaseUntil;
}

/** Stores the responses of a batch's claims (rows locked by `lockClaims`). */
export const storeResponses = new KeyedUpdate({
  description: 'Idempotency-Key responses',
  table: 'idempotency_keys',
  keys: { project_id: 'text', principal: 'text', idem_key: 'text' },
  set: { status_code: 'int4', response_body: 'text', content_type: 'text' },
});

/** The 409 of a request whose claim a repeat took over meanwhile (the repeat does the work). */
export function claimLost(): AppError {
  return AppError.of('IDEMPOTENCY_IN_PROGRESS', 'The request with this Idempotency-Key was taken over by a repeat');
}

/** Same method, URL and JSON value of the body (key order and whitespace do not matter). */
function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`)
    .digest('hex');
}
