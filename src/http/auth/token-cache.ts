import { hash } from 'node:crypto';

/**
 * Verified tokens, so the hot path does not verify the same signature again and again. Keyed by
 * the token's SHA-256 (32 bytes, whatever the token's length) and bounded by the bytes of what it
 * keeps, not by a count: a flood of large valid tokens cannot grow it past `maxBytes`. Oldest
 * entries go first, and expired ones are swept as new ones come in.
 */
export class TokenCache<V> {
  private readonly entries = new Map<string, { value: V; until: number; bytes: number }>();
  private size = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(token: string, now: number): V | undefined {
    const key = digest(token);
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until > now) return hit.value;
    this.remove(key);
    return undefined;
  }

  set(token: string, value: V, until: number, now: number): void {
    const key = digest(token);
    this.remove(key);
    const bytes = ENTRY_OVERHEAD + this.sizeOf(value);
    if (bytes > this.maxBytes) return;
    this.sweep(now, bytes);
    this.entries.set(key, { value, until, bytes });
    this.size += bytes;
  }

  /** Bytes the cache accounts for (keys, values and per-entry overhead). */
  get bytes(): number {
    return this.size;
  }

  get count(): number {
    return this.entries.size;
  }

  /** Drops expired entries at the old end, then the oldest until `incoming` more bytes fit. */
  private sweep(now: number, incoming: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.until > now && this.size + incoming <= this.maxBytes) break;
      this.remove(key);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= entry.bytes;
  }
}

/** A Map entry, its 44-character key and the entry object, roughly. */
const ENTRY_OVERHEAD = 200;

/** One-shot `hash`: half the CPU of `createHash(…).update(…).digest(…)`, which builds a Hash object per call. */
function digest(token: string): string {
  return hash('sha256', token, 'base64');
}
