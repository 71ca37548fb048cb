import type { Kysely } from 'kysely';

/**
 * The lease of a claimed Idempotency-Key: real time (ms) until which the claiming request holds
 * it. A claim whose lease ran out belonged to a request that died (crash, kill); a repeat may take
 * it over. Rows written before this migration have none and count as run out.
 */
export function idempotencyLease() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('idempotency_keys').addColumn('lease_until', 'bigint').execute();
    },
  };
}
