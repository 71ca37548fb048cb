import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { KeyedSelect, KeyedUpdate } from './rows.js';

/**
 * The SQL of the Idempotency-Key table (docs/api.md, Responses and errors): the claim a request takes
 * before its handler runs (http/idempotency.ts), and the write path's step that stores a request's
 * response in the transaction of its work (write-path.ts: `lockClaims`, `storeResponses`).
 */

/** The row of a claimed key. */
export interface IdempotencyScope {
  projectId: string;
  principal: string;
  key: string;
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

/** Stores the responses of a batch's claims (rows locked by `lockClaims`). */
export const storeResponses = new KeyedUpdate({
  description: 'Idempotency-Key responses',
  table: 'idempotency_keys',
  keys: { project_id: 'text', principal: 'text', idem_key: 'text' },
  set: { status_code: 'int4', response_body: 'text', content_type: 'text' },
});

/** Claims a key with an insert (a primary key, so concurrent duplicates cannot both claim it). */
export function insertClaim(db: Kysely<DB>, scope: IdempotencyScope, requestHash: string, now: number, leaseUntil: number) {
  return db
    .insertInto('idempotency_keys')
    .values({
      project_id: scope.projectId,
      principal: scope.principal,
      idem_key: scope.key,
      request_hash: requestHash,
      status_code: null,
      response_body: null,
      content_type: null,
      created_at: now,
      lease_until: leaseUntil,
    })
    .onConflict((oc) => oc.columns(['project_id', 'principal', 'idem_key']).doNothing())
    .executeTakeFirst();
}

/** The row of a key, if any. */
export function findKey(db: Kysely<DB>, scope: IdempotencyScope) {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('project_id', '=', scope.projectId)
    .where('principal', '=', scope.principal)
    .where('idem_key', '=', scope.key)
    .executeTakeFirst();
}

/** Deletes a key (expired). */
export function deleteKey(db: Kysely<DB>, scope: IdempotencyScope) {
  return db
    .deleteFrom('idempotency_keys')
    .where('project_id', '=', scope.projectId)
    .where('principal', '=', scope.principal)
    .where('idem_key', '=', scope.key)
    .execute();
}

/** Takes over a claim still in progress whose lease was `oldLease`. */
export function takeOverClaim(db: Kysely<DB>, scope: IdempotencyScope, oldLease: number | null, leaseUntil: number) {
  return db
    .updateTable('idempotency_keys')
    .set({ lease_until: leaseUntil })
    .where('project_id', '=', scope.projectId)
    .where('principal', '=', scope.principal)
    .where('idem_key', '=', scope.key)
    .where('status_code', 'is', null)
    .where((eb) => (oldLease === null ? eb('lease_until', 'is', null) : eb('lease_until', '=', oldLease)))
    .executeTakeFirst();
}

/** Releases a claim (its request failed with a 5xx), while it is still the holder's. */
export function releaseClaim(db: Kysely<DB>, scope: IdempotencyScope, leaseUntil: number) {
  return db
    .deleteFrom('idempotency_keys')
    .where('project_id', '=', scope.projectId)
    .where('principal', '=', scope.principal)
    .where('idem_key', '=', scope.key)
    .where('lease_until', '=', leaseUntil)
    .execute();
}

/** Stores the response of a claim, while it is still the holder's. */
export function storeResponse(
  db: Kysely<DB>,
  scope: IdempotencyScope,
  leaseUntil: number,
  response: { status_code: number; response_body: string | null; content_type: string | null },
) {
  return db
    .updateTable('idempotency_keys')
    .set(response)
    .where('project_id', '=', scope.projectId)
    .where('principal', '=', scope.principal)
    .where('idem_key', '=', scope.key)
    .where('lease_until', '=', leaseUntil)
    .execute();
}

/** Up to `limit` keys created before `before` (the daily clean-up, idempotency-cleanup.ts). */
export function expiredKeys(db: Kysely<DB>, before: number, limit: number) {
  return db.selectFrom('idempotency_keys').select(['project_id', 'principal', 'idem_key']).where('created_at', '<', before).limit(limit);
}

/** Deletes these keys, if still created before `before`. */
export function deleteExpiredKeys(
  db: Kysely<DB>,
  before: number,
  keys: ReadonlyArray<{ project_id: string; principal: string; idem_key: string }>,
) {
  return db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', before)
    .where((eb) =>
      eb.or(
        keys.map((r) => eb.and([eb('project_id', '=', r.project_id), eb('principal', '=', r.principal), eb('idem_key', '=', r.idem_key)])),
      ),
    );
}
