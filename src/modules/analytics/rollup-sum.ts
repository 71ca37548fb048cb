import { HOUR_COLUMNS } from './analytics.tables.js';
import type { UserHash } from './hll.js';
import { rollupKey } from './written-sketches.js';

/** A rollup row's additions in one batch (a fixed shape: the stage adds to it for every event). */
export class RollupSum {
  count = 0;
  points = 0;
  conditionMet = 0;
  conditionFailed = 0;
  limitReached = 0;
  readonly hours = new Array<number>(24).fill(0);
  readonly users: UserHash[] = [];
  /** The row's primary key as one string (WrittenSketches). */
  readonly key: string;

  constructor(
    readonly projectId: string,
    readonly eventId: string,
    readonly grain: 'day' | 'month',
    readonly bucket: number,
    readonly shard: number,
  ) {
    this.key = rollupKey(projectId, eventId, grain, bucket, shard);
  }

  row(lane: number): Record<string, string | number> {
    const r: Record<string, string | number> = {
      project_id: this.projectId,
      event_id: this.eventId,
      grain: this.grain,
      bucket: this.bucket,
      shard: this.shard,
      lane,
      count: this.count,
      points: this.points,
      condition_met: this.conditionMet,
      condition_failed: this.conditionFailed,
      limit_reached: this.limitReached,
    };
    for (let h = 0; h < 24; h++) r[HOUR_COLUMNS[h]!] = this.hours[h]!;
    return r;
  }
}

/** Orders two strings by code unit, as the rows' keys are sorted. */
export const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The order every batch writes rollup rows in (their primary key). */
export function byRollupKey(a: RollupSum, b: RollupSum): number {
  return cmp(a.projectId, b.projectId) || cmp(a.eventId, b.eventId) || cmp(a.grain, b.grain) || a.bucket - b.bucket || a.shard - b.shard;
}
