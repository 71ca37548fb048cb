import type { Database } from '../platform/db/database.js';

/** Keys are kept at least 24 h (docs/api.md, Responses and errors); older ones go, in batches. */
const KEY_TTL_MS = 24 * 3_600_000;
const BATCH = 200; // one OR term per key: stay well under SQLite's expression depth limit

/** The daily clean-up of expired Idempotency-Keys; returns how many it deleted. */
export async function deleteExpiredIdempotencyKeys(db: Database, now: number): Promise<number> {
  const k = db.kysely;
  let total = 0;
  for (;;) {
    const expired = await k
      .selectFrom('idempotency_keys')
      .select(['project_id', 'principal', 'idem_key'])
      .where('created_at', '<', now - KEY_TTL_MS)
      .limit(BATCH)
      .execute();
    if (expired.length === 0) return total;
    await k
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', now - KEY_TTL_MS)
      .where((eb) =>
        eb.or(
          expired.map((r) =>
            eb.and([eb('project_id', '=', r.project_id), eb('principal', '=', r.principal), eb('idem_key', '=', r.idem_key)]),
          ),
        ),
      )
      .execute();
    total += expired.length;
    await new Promise((r) => setImmediate(r));
  }
}
