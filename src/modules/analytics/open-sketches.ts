import type { BucketSet, CoverRow } from './analytics.repository.js';
import type { UniqueCount } from './hll.js';
import { rollupKey } from './written-sketches.js';

const MAX_SKETCHES = 50_000;
const MAX_UNIONS = 10_000;

/**
 * The unique-user sketches of open buckets and the unions made of them, kept while they are current
 * (decision 345). A rollup row's `count` grows by one with every event folded into it, and its sketch
 * changes only with such an event, so the count is the sketch's version. Over a fixed set of rows, the
 * number of rows and the sum of their counts change whenever any of them does (counts never shrink), so
 * that pair is the version of a union. A request reads the rows' counts; it reads a bucket's sketches
 * again only when one of its rows has a count this instance has not seen, and makes a union again only
 * when its version moved. Another instance's writes move the counts too, so nothing here waits for a
 * signal from the writer.
 */
export class OpenSketches {
  private readonly sketches = new Map<string, { count: number; sketch: Buffer | null }>();
  private readonly unions = new Map<string, { version: string; users: UniqueCount }>();

  /**
   * The row's sketch when it is known at the row's count or later (a sketch read after the count may be
   * newer: it then holds every user the count does); undefined when it must be read.
   */
  sketchOf(projectId: string, row: CoverRow): Buffer | null | undefined {
    const known = this.sketches.get(rowKey(projectId, row));
    return known !== undefined && known.count >= Number(row.count) ? known.sketch : undefined;
  }

  /** Keeps a row read with its sketch, unless a newer one is already kept. */
  keep(projectId: string, row: CoverRow): void {
    if (row.sketch === undefined) return;
    const key = rowKey(projectId, row);
    const count = Number(row.count);
    const known = this.sketches.get(key);
    if (known !== undefined && known.count >= count) return;
    if (known === undefined && this.sketches.size >= MAX_SKETCHES) this.sketches.clear();
    this.sketches.set(key, { count, sketch: row.sketch });
  }

  /** The union of `rows` (a scope's rows over the period's buckets), if made at the rows' version. */
  union(projectId: string, scope: string, cover: BucketSet, rows: readonly CoverRow[]): UniqueCount | undefined {
    const known = this.unions.get(unionKey(projectId, scope, cover));
    return known !== undefined && known.version === versionOf(rows) ? known.users : undefined;
  }

  keepUnion(projectId: string, scope: string, cover: BucketSet, rows: readonly CoverRow[], users: UniqueCount): void {
    const key = unionKey(projectId, scope, cover);
    if (!this.unions.has(key) && this.unions.size >= MAX_UNIONS) this.unions.clear();
    this.unions.set(key, { version: versionOf(rows), users });
  }

  /** Forgets a project's entries (its data was deleted: its counts start again from nothing). */
  forget(projectId: string): void {
    const prefix = `${projectId}\u0000`;
    for (const map of [this.sketches, this.unions]) for (const key of map.keys()) if (key.startsWith(prefix)) map.delete(key);
  }
}

function rowKey(projectId: string, r: CoverRow): string {
  return rollupKey(projectId, r.event_id, r.grain, r.bucket, r.shard);
}

function unionKey(projectId: string, scope: string, cover: BucketSet): string {
  return `${projectId}\u0000${scope}\u0000${cover.months.join(',')}/${cover.days.join(',')}`;
}

function versionOf(rows: readonly CoverRow[]): string {
  let sum = 0;
  for (const r of rows) sum += Number(r.count);
  return `${rows.length}:${sum}`;
}
