import type { Database } from '../platform/db/database.js';
import { deleteExpiredKeys, expiredKeys } from './idempotency-keys.repository.js';

/** Keys are kept at least 24 h (docs/api.md, Responses and errors); older ones go, in batches. */
const KEY_TTL_MS = 24 * 3_600_000;
const BATCH = 200; // one OR term per key: stay well under SQLite's expression depth limit

/** The daily clean-up of expired Idempotency-Keys; returns how many it deleted. */
export async function deleteExpiredIdempotencyKeys(db: Database, now: number): Promise<number> {
  const k = db.kysely;
  let total = 0;
  for (;;) {
    const expired = await expiredKeys(k, now - KEY_TTL_MS, BATCH).execute();
    if (expired.length === 0) return total;
    await deleteExpiredKeys(k, now - KEY_TTL_MS, expired).execute();
    total += expired.length;
    await new Promise((r) => setImmediate(r));
  }
}
