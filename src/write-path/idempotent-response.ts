import { AppError } from '../platform/errors.js';

/**
 * The idempotent-response step of the write path: a request holding an Idempotency-Key claim (taken
 * by the HTTP hook, http/idempotency.ts) has its response stored in the transaction of its work,
 * only while the claim is still its own (idempotency-keys.repository.ts: `lockClaims`, `storeResponses`).
 */

/** A claimed Idempotency-Key: its row, and the lease this request holds on it. */
export interface IdempotencyClaim {
  projectId: string;
  principal: string;
  key: string;
  /** Real time (ms) until which the claim is this request's; part of every write to the row. */
  leaseUntil: number;
}

/** Whether a locked claim row still belongs to the request holding `claim`. */
export function claimHeld(row: { lease_until: number | null; status_code: number | null } | undefined, claim: IdempotencyClaim): boolean {
  return row !== undefined && row.status_code === null && Number(row.lease_until) === claim.leaseUntil;
}

/** The 409 of a request whose claim a repeat took over meanwhile (the repeat does the work). */
export function claimLost(): AppError {
  return AppError.of('IDEMPOTENCY_IN_PROGRESS', 'The request with this Idempotency-Key was taken over by a repeat');
}
