import type { AnalyticsRepository, BucketSet, CoverRow, DayTotalsRow } from './analytics.repository.js';
import { EVERY_EVENT, type ClosedBucketCache } from './closed-buckets.js';
import { UniqueCounter, type UniqueCount } from './hll.js';
import { OpenSketches } from './open-sketches.js';
import { monthEndDay, type DayRange } from './periods.js';

/**
 * The rollup rows a period of GET /stats/event is made of, and the unique users of their sketches: closed
 * buckets from memory (decision 056), the recent ones from the store without their sketches, and the
 * sketches and unions only where a row's count moved (decision 345).
 */
export class PeriodRows {
  private readonly open = new OpenSketches();

  constructor(
    private readonly repo: AnalyticsRepository,
    private readonly closed: ClosedBucketCache,
  ) {}

  /** Forgets what this process kept of a deleted project's rows. */
  forget(projectId: string): void {
    this.closed.forget(projectId);
    this.open.forget(projectId);
  }

  /** Day totals of a range: closed days from memory (read once), the last days from the store. */
  async dayTotals(projectId: string, scope: string, range: DayRange, closedBefore: number): Promise<DayTotalsRow[]> {
    const out: DayTotalsRow[] = [];
    const closedEnd = Math.min(range.endDay, closedBefore - 1);
    if (range.startDay <= closedEnd) {
      let complete = true;
      for (let d = range.startDay; d <= closedEnd && complete; d++) complete = this.closed.getDay(projectId, scope, d) !== undefined;
      if (!complete) {
        const rows = new Map((await this.repo.dayTotals(projectId, scope, range.startDay, closedEnd)).map((r) => [Number(r.bucket), r]));
        for (let d = range.startDay; d <= closedEnd; d++) this.closed.setDay(projectId, scope, d, rows.get(d) ?? null);
      }
      for (let d = range.startDay; d <= closedEnd; d++) {
        const row = this.closed.getDay(projectId, scope, d);
        if (row) out.push(row);
      }
    }
    const openStart = Math.max(range.startDay, closedBefore);
    if (openStart <= range.endDay) out.push(...(await this.repo.dayTotals(projectId, scope, openStart, range.endDay)));
    return out;
  }

  /**
   * Unique users of each event's rows (and `*`'s), the union of their sketches: made again only when the
   * rows' version moved, from sketches read again only for buckets where a row's count moved (decision 345).
   */
  async uniques(
    projectId: string,
    eventId: string | null,
    cover: BucketSet,
    byEvent: ReadonlyMap<string, CoverRow[]>,
  ): Promise<Map<string, UniqueCount>> {
    const out = new Map<string, UniqueCount>();
    const missed: Array<{ name: string; rows: CoverRow[] }> = [];
    for (const [name, rows] of byEvent) {
      const users = this.open.union(projectId, name, cover, rows);
      if (users) out.set(name, users);
      else missed.push({ name, rows });
    }
    if (missed.length === 0) return out;
    const stale: BucketSet = { months: [], days: [] };
    const staleKeys = new Set<string>();
    for (const { rows } of missed)
      for (const r of rows) {
        if (r.sketch !== undefined || this.open.sketchOf(projectId, r) !== undefined) continue;
        const bucket = Number(r.bucket);
        if (staleKeys.has(`${r.grain}|${bucket}`)) continue;
        staleKeys.add(`${r.grain}|${bucket}`);
        (r.grain === 'day' ? stale.days : stale.months).push(bucket);
      }
    if (staleKeys.size > 0) for (const r of await this.repo.coverRows(projectId, eventId, stale)) this.open.keep(projectId, r);
    for (const { name, rows } of missed) {
      const union = new UniqueCounter();
      for (const r of rows) union.add(r.sketch !== undefined ? r.sketch : this.open.sketchOf(projectId, r), r.shard);
      const users = union.count();
      this.open.keepUnion(projectId, name, cover, rows, users);
      out.set(name, users);
    }
    return out;
  }

  /**
   * Rows of whole months and single days (`scope` null: every event, `*` included). Closed ones come
   * from memory with their sketches; open ones come without (`uniques` reads those it lacks).
   */
  async coverRows(projectId: string, scope: string | null, cover: BucketSet, closedBefore: number): Promise<CoverRow[]> {
    const key = scope ?? EVERY_EVENT;
    const out: CoverRow[] = [];
    const open: BucketSet = { months: [], days: [] };
    const missing: BucketSet = { months: [], days: [] };
    for (const [grain, list] of [
      ['month', cover.months],
      ['day', cover.days],
    ] as const) {
      for (const bucket of list) {
        const isClosed = (grain === 'day' ? bucket : monthEndDay(bucket)) < closedBefore;
        const cached = isClosed ? this.closed.getCover(projectId, key, grain, bucket) : undefined;
        if (cached) out.push(...cached);
        else (isClosed ? missing : open)[grain === 'day' ? 'days' : 'months'].push(bucket);
      }
    }
    const [fresh, openRows] = await Promise.all([
      this.repo.coverRows(projectId, scope, missing),
      this.repo.coverRows(projectId, scope, open, false),
    ]);
    const byBucket = new Map<string, CoverRow[]>();
    for (const grain of ['month', 'day'] as const)
      for (const b of missing[grain === 'day' ? 'days' : 'months']) byBucket.set(`${grain}|${b}`, []);
    for (const r of fresh) byBucket.get(`${r.grain}|${Number(r.bucket)}`)?.push(r);
    for (const [k, rows] of byBucket) {
      const [grain, bucket] = k.split('|') as [string, string];
      this.closed.setCover(projectId, key, grain, Number(bucket), rows);
    }
    return [...out, ...fresh, ...openRows];
  }
}
