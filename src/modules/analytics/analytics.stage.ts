import type { Queryable } from '../../platform/db/database.js';
import { dayNumber } from '../../platform/time.js';
import type { EventStage, PipelineEvent } from '../events/pipeline.js';
import { HOUR_COLUMNS } from './analytics.tables.js';
import { AnalyticsRepository, type Grain, type RollupRow } from './analytics.repository.js';
import type { ClosedBucketCache } from './closed-buckets.js';
import { addToSketch, hashUser, shardOf } from './hll.js';
import { CATEGORY_CAP, observeMetadata, OTHER_KEY, valueKey, type MetadataIncrement } from './metadata-stats.js';
import { monthBucket } from './periods.js';

/** `event_id` of the rows that count every event of the project (the global view). */
export const ALL_EVENTS = '*';

/**
 * The last pipeline stage: counts every logged event into its day and month rollups, for its
 * eventId and for `*`, inside the event's transaction. One multi-row upsert for the counters,
 * a sketch update only when the user is new to the slice, one upsert for the metadata.
 */
export class AnalyticsStage implements EventStage {
  readonly name = 'analytics';
  /** Admitted category values per project/event/field, loaded once per process. */
  private readonly admitted = new Map<string, Set<string>>();

  constructor(
    private readonly repo: AnalyticsRepository,
    private readonly closed: ClosedBucketCache,
  ) {}

  async apply(trx: Queryable, event: PipelineEvent): Promise<void> {
    const hash = hashUser(event.userId);
    const shard = shardOf(hash);
    const buckets: Array<{ grain: Grain; bucket: number }> = [
      { grain: 'day', bucket: dayNumber(event.occurredAt) },
      { grain: 'month', bucket: monthBucket(event.occurredAt) },
    ];
    const hour = new Date(event.occurredAt).getUTCHours();
    const rows: RollupRow[] = [];
    for (const eventId of [event.eventId, ALL_EVENTS]) {
      for (const b of buckets) {
        const row = {
          project_id: event.projectId,
          event_id: eventId,
          grain: b.grain,
          bucket: b.bucket,
          shard,
          count: 1,
          points: event.points,
          condition_met: event.conditionReached ? 1 : 0,
          condition_failed: event.conditionReached ? 0 : 1,
          limit_reached: event.limitReached ? 1 : 0,
          sketch: null,
        } as RollupRow;
        for (const h of HOUR_COLUMNS) row[h] = 0;
        row[HOUR_COLUMNS[hour]!] = 1;
        rows.push(row);
      }
    }
    this.closed.written(event.projectId, event.eventId, buckets[0]!.bucket, buckets[1]!.bucket);
    const stored = await this.repo.addRollups(trx, rows);
    for (const s of stored) {
      const next = addToSketch(s.sketch, hash);
      if (!next) continue;
      const bucket = buckets.find((b) => b.grain === s.grain)!.bucket;
      await this.repo.setSketch(trx, { project_id: event.projectId, event_id: s.event_id, grain: s.grain, bucket, shard }, next);
    }
    const increments = await this.metadataIncrements(trx, event);
    await this.repo.addMetadata(trx, event.projectId, event.eventId, buckets, increments);
  }

  private async metadataIncrements(trx: Queryable, event: PipelineEvent): Promise<MetadataIncrement[]> {
    const { numeric, categories } = observeMetadata(event.metadata);
    const increments = [...numeric];
    for (const c of categories) {
      const admitted = await this.admit(trx, event.projectId, event.eventId, c.field, c.value);
      increments.push({ field: c.field, valueKey: admitted ? valueKey(c.value) : OTHER_KEY, count: 1, sum: null, min: null, max: null });
    }
    // Two observations of one field may land on the same key (two "other" values): merge them.
    const merged = new Map<string, MetadataIncrement>();
    for (const i of increments) {
      const key = `${i.field}\u0000${i.valueKey}`;
      const prev = merged.get(key);
      merged.set(key, prev ? { ...prev, count: prev.count + i.count } : i);
    }
    return [...merged.values()];
  }

  /** Whether a category value is one of the field's first CATEGORY_CAP distinct values. */
  private async admit(trx: Queryable, projectId: string, eventId: string, field: string, value: string): Promise<boolean> {
    const key = `${projectId}\u0000${eventId}\u0000${field}`;
    let values = this.admitted.get(key);
    if (!values) {
      values = new Set(await this.repo.admittedValues(trx, projectId, eventId, field));
      this.admitted.set(key, values);
    }
    if (values.has(value)) return true;
    if (values.size >= CATEGORY_CAP) return false;
    if (await this.repo.admitValue(trx, projectId, eventId, field, value, CATEGORY_CAP)) {
      values.add(value);
      return true;
    }
    // Another instance filled the field meanwhile: take its view.
    const fresh = new Set(await this.repo.admittedValues(trx, projectId, eventId, field));
    this.admitted.set(key, fresh);
    return fresh.has(value);
  }
}
