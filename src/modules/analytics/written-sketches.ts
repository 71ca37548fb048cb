import { sketchHas, type UserHash } from './hll.js';

/** Rows kept (a dense slice is 513 bytes: at most ~10 MB); past it, the copies are dropped and read again. */
const MAX_ROWS = 20_000;

/**
 * The unique-user sketch of each rollup row as this instance last saw it committed (decision 352).
 * Sketches only grow, so the stored sketch counts every user a kept copy counts: a batch whose users
 * the kept copies of its rows already count cannot change the stored sketches, and writes its counters
 * without reading the sketches back. Its rollup upsert then goes out unanswered with the COMMIT
 * (`BatchSession.later`) instead of holding the project's shared rows for a round trip. A copy is kept
 * only once the batch that read it committed: a merge rolled back must not pass for stored.
 */
export class WrittenSketches {
  private readonly rows = new Map<string, Buffer>();

  /** Whether the kept copy of the row counts every one of `users` (false when no copy is kept). */
  counts(key: string, users: readonly UserHash[]): boolean {
    const sketch = this.rows.get(key);
    if (sketch === undefined) return false;
    for (const u of users) if (!sketchHas(sketch, u)) return false;
    return true;
  }

  /** Keeps a committed sketch of the row (read from the store, or merged and written by a committed batch). */
  keep(key: string, sketch: Buffer): void {
    if (this.rows.size >= MAX_ROWS && !this.rows.has(key)) this.rows.clear();
    this.rows.set(key, sketch);
  }

  /** Drops a project's copies (its rows were deleted: a project id may be taken again). */
  forget(projectId: string): void {
    const prefix = `${projectId}\u0000`;
    for (const key of this.rows.keys()) if (key.startsWith(prefix)) this.rows.delete(key);
  }

  /** Drops every copy (this instance may have missed that a project was deleted). */
  clear(): void {
    this.rows.clear();
  }
}

/** The key of a rollup row (its primary key). */
export function rollupKey(projectId: string, eventId: string, grain: string, bucket: number, shard: number): string {
  return `${projectId}\u0000${eventId}\u0000${grain}\u0000${bucket}\u0000${shard}`;
}
