import type { CoverRow, DayTotalsRow } from './analytics.repository.js';

/**
 * Rollups of buckets that can no longer change, kept in memory. Offline events are at most 30 days
 * old (docs/api.md, Events), so a day more than CLOSED_AFTER_DAYS before today, or a month that
 * ended before it, is final; re-reading it on every request would only repeat the same answer. The pipeline
 * stage still drops the entries of every bucket it writes, so a clock moved backwards (tests) cannot
 * leave a stale entry in this process.
 */
export const CLOSED_AFTER_DAYS = 32;
const MAX_ENTRIES = 200_000;

/** `~` caches the rows of every event, `*` included (the global view's total and breakdown). */
export const EVERY_EVENT = '~';

export class ClosedBucketCache {
  private readonly days = new Map<string, DayTotalsRow | null>();
  private readonly covers = new Map<string, CoverRow[]>();

  getDay(projectId: string, scope: string, day: number): DayTotalsRow | null | undefined {
    return this.days.get(`${projectId}|${scope}|${day}`);
  }

  setDay(projectId: string, scope: string, day: number, row: DayTotalsRow | null): void {
    if (this.days.size >= MAX_ENTRIES) this.days.clear();
    this.days.set(`${projectId}|${scope}|${day}`, row);
  }

  getCover(projectId: string, scope: string, grain: string, bucket: number): CoverRow[] | undefined {
    return this.covers.get(`${projectId}|${scope}|${grain}|${bucket}`);
  }

  setCover(projectId: string, scope: string, grain: string, bucket: number, rows: CoverRow[]): void {
    if (this.covers.size >= MAX_ENTRIES) this.covers.clear();
    this.covers.set(`${projectId}|${scope}|${grain}|${bucket}`, rows);
  }

  /** Forgets a project's entries (its data was deleted). */
  forget(projectId: string): void {
    const prefix = `${projectId}|`;
    for (const map of [this.days, this.covers]) for (const key of map.keys()) if (key.startsWith(prefix)) map.delete(key);
  }

  /** Forgets what an event changes: its day and month, for its eventId, `*` and the breakdown. */
  written(projectId: string, eventId: string, day: number, month: number): void {
    if (this.days.size === 0 && this.covers.size === 0) return;
    for (const scope of [eventId, '*']) this.days.delete(`${projectId}|${scope}|${day}`);
    for (const scope of [eventId, '*', EVERY_EVENT]) {
      this.covers.delete(`${projectId}|${scope}|day|${day}`);
      this.covers.delete(`${projectId}|${scope}|month|${month}`);
    }
  }
}
