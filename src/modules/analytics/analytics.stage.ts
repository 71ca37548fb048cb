import { DAY_MS, dayNumber } from '../../platform/time.js';
import { eventStage, type EventStagePart, type PipelineEvent } from '../events/index.js';
import type { WriteBatch } from '../../write-path/write-batch.js';
import type { ClosedBucketCache } from './closed-buckets.js';
import { addToSketch, hashUser, shardOf, summarize } from './hll.js';
import { CATEGORY_CAP, observeMetadata, OTHER_KEY, valueKey, type CategoryObservation, type MetadataIncrement } from './metadata-stats.js';
import { monthBucket } from './periods.js';
import { addMetadata, addRollups, admitValue, admittedValues, setSketches } from './analytics.sql.js';
import { rollupKey, WrittenSketches } from './written-sketches.js';
import { byRollupKey, cmp, RollupSum } from './rollup-sum.js';

/** `event_id` of the rows that count every event of the project (the global view). */
export const ALL_EVENTS = '*';

/** A metadata row's additions in one batch. */
interface MetadataSum extends MetadataIncrement {
  projectId: string;
  eventId: string;
  grain: 'day' | 'month';
  bucket: number;
}

const GRAINS = ['day', 'month'] as const;

/**
 * The last pipeline stage: counts every logged event into its day and month rollups, for its
 * eventId and for `*`, and aggregates its metadata (decision 050). A batch sums its counters per
 * rollup row and writes each row once, last in the transaction (the `*` rows are shared by every
 * batch of the project); it folds its users into each row's unique-user sketch with the row locked.
 */
export class AnalyticsStage {
  /** Admitted category values per project/event/field, loaded once per process. */
  readonly admitted = new Map<string, Set<string>>();
  /**
   * The participant: it takes the batch's events after the other stages (it counts what they
   * decided), and its rows are shared by every batch of a project, so it is written last.
   */
  readonly participant = eventStage<AnalyticsBatch>({
    name: 'analytics',
    after: ['events', 'challenges?', 'streaks?'],
    sharedRows: true,
    // Its rows go out unanswered with the COMMIT when the kept sketches count the batch's users (decision 352).
    writesLast: true,
    begin: (batch) => new AnalyticsBatch(batch, this),
  });

  /** The rollup rows' sketches as last committed by or read on this instance (decision 352). */
  readonly sketches = new WrittenSketches();

  /**
   * This instance's write lane (decision 357), taken at start (`claimWriteLane`): its batches add their
   * metadata, and their counts when the kept sketches already count their users, to the rows of this lane,
   * which another running instance writes only when a multiple of 8 lanes was taken between their starts.
   * 0 until then, and on SQLite.
   */
  lane = 0;

  constructor(readonly closed: ClosedBucketCache) {}
}

class AnalyticsBatch implements EventStagePart {
  /** Per `<projectId>\0<eventId>` (and `*`): rollup sums by grain, bucket and shard. */
  private readonly rollups = new Map<string, Map<number, RollupSum>>();
  /** Per `<projectId>\0<eventId>`: metadata sums by grain and bucket, field and value key. */
  private readonly metadata = new Map<string, Map<string, MetadataSum>>();
  /** The category observations of each event's metadata, made once in `load`. */
  private readonly categories = new WeakMap<object, CategoryObservation[]>();
  /** The sketches this batch read or wrote, kept by the stage once the batch committed. */
  private readonly seen: Array<[key: string, sketch: Buffer]> = [];

  constructor(
    private readonly batch: WriteBatch,
    private readonly stage: AnalyticsStage,
  ) {}

  /** Admits the batch's new category values (each field keeps its first CATEGORY_CAP distinct values). */
  async load(): Promise<void> {
    const slice = this.batch.session.slice;
    for (const { event: e } of this.batch.unitsOf('event')) {
      const { categories } = observeMetadata(e.metadata);
      this.categories.set(e.metadata, categories);
      for (const c of categories) await this.admit(e.projectId, e.definition.eventId, c.field, c.value);
      if (slice.due()) await slice.next();
    }
  }

  private async admit(projectId: string, eventId: string, field: string, value: string): Promise<void> {
    const session = this.batch.session;
    const key = `${projectId}\u0000${eventId}\u0000${field}`;
    let values = this.stage.admitted.get(key);
    if (!values) {
      values = new Set((await session.all(admittedValues, { projectId, eventId, field })).map((r) => r.value));
      this.stage.admitted.set(key, values);
    }
    if (values.has(value) || values.size >= CATEGORY_CAP) return;
    if (await session.run(admitValue, { projectId, eventId, field, value, cap: CATEGORY_CAP })) {
      values.add(value);
      return;
    }
    // Another instance filled the field meanwhile: take its view.
    this.stage.admitted.set(key, new Set((await session.all(admittedValues, { projectId, eventId, field })).map((r) => r.value)));
  }

  applyEvent(event: PipelineEvent): void {
    const hash = hashUser(event.userId);
    const shard = shardOf(hash);
    const day = dayNumber(event.occurredAt);
    const month = monthBucket(event.occurredAt);
    const hour = Math.floor((event.occurredAt - day * DAY_MS) / 3_600_000);
    const own = `${event.projectId}\u0000${event.eventId}`;
    for (const scope of [own, `${event.projectId}\u0000${ALL_EVENTS}`]) {
      let sums = this.rollups.get(scope);
      if (!sums) this.rollups.set(scope, (sums = new Map()));
      for (let g = 0; g < 2; g++) {
        const bucket = g === 0 ? day : month;
        const key = (bucket * 8 + shard) * 2 + g;
        let r = sums.get(key);
        if (!r) sums.set(key, (r = new RollupSum(event.projectId, scope === own ? event.eventId : ALL_EVENTS, GRAINS[g]!, bucket, shard)));
        r.count += 1;
        r.points += event.points;
        if (event.conditionReached) r.conditionMet += 1;
        else r.conditionFailed += 1;
        if (event.limitReached) r.limitReached += 1;
        r.hours[hour]! += 1;
        r.users.push(hash);
      }
    }
    this.stage.closed.written(event.projectId, event.eventId, day, month);
    const { numeric } = observeMetadata(event.metadata);
    const categories = this.categories.get(event.metadata) ?? [];
    if (numeric.length === 0 && categories.length === 0) return;
    const admitted = (field: string, value: string) => this.stage.admitted.get(`${own}\u0000${field}`)?.has(value) === true;
    let sums = this.metadata.get(own);
    if (!sums) this.metadata.set(own, (sums = new Map()));
    const add = (grain: 'day' | 'month', bucket: number, i: MetadataIncrement) => {
      const key = `${grain === 'day' ? 'd' : 'm'}${bucket}\u0000${i.field}\u0000${i.valueKey}`;
      const m = sums!.get(key);
      if (!m) {
        sums!.set(key, { ...i, projectId: event.projectId, eventId: event.eventId, grain, bucket });
        return;
      }
      m.count += i.count;
      if (i.sum !== null) m.sum = (m.sum ?? 0) + i.sum;
      if (i.min !== null) m.min = m.min === null ? i.min : Math.min(m.min, i.min);
      if (i.max !== null) m.max = m.max === null ? i.max : Math.max(m.max, i.max);
    };
    for (const i of numeric) {
      add('day', day, i);
      add('month', month, i);
    }
    for (const c of categories) {
      const i: MetadataIncrement = {
        field: c.field,
        valueKey: admitted(c.field, c.value) ? valueKey(c.value) : OTHER_KEY,
        count: 1,
        sum: null,
        min: null,
        max: null,
      };
      add('day', day, i);
      add('month', month, i);
    }
  }

  /**
   * Last in the batch: the rollup rows (sorted, so concurrent batches lock them alike), their sketches,
   * the metadata. When the sketches this instance keeps of the rows already count the batch's users
   * (decision 352), the stored sketches cannot change: the rollups go out unanswered with the COMMIT, to
   * the rows of this instance's lane (decision 357), so they wait for no other instance's batch.
   * Otherwise the rollup upsert of lane 0 answers the stored sketches, the batch folds its users into
   * them, and the sketches that changed go out with the COMMIT. The metadata always goes to the
   * instance's lane, after the rollups.
   */
  async write(): Promise<void> {
    if (this.rollups.size === 0) return;
    const session = this.batch.session;
    const known = this.stage.sketches;
    const lane = this.stage.lane;
    const sums = [...this.rollups.values()].flatMap((m) => [...m.values()]).sort(byRollupKey);
    const counted = sums.every((r) => known.counts(r.key, r.users));
    const rows = sums.map((r) => r.row(counted ? lane : 0) as Parameters<typeof addRollups.run>[1][number]);
    // The rollups go out before the metadata (pipelined on PostgreSQL): every batch locks them in this order.
    if (counted) {
      await addRollups.later(session, rows);
      await addMetadata.later(session, this.metadataRows(lane));
      return;
    }
    const [stored] = await Promise.all([addRollups.run(session, rows), addMetadata.later(session, this.metadataRows(lane))]);
    const sketchOf = new Map<string, Buffer | null>();
    for (const s of stored) sketchOf.set(rollupKey(s.project_id, s.event_id, s.grain, Number(s.bucket), Number(s.shard)), s.sketch);
    const sketches: Array<Parameters<typeof setSketches.run>[1][number]> = [];
    for (const r of sums) {
      let sketch = sketchOf.get(r.key) ?? null;
      let changed = false;
      for (const user of r.users) {
        const next = addToSketch(sketch, user);
        if (next) {
          sketch = next;
          changed = true;
        }
      }
      if (sketch) this.seen.push([r.key, sketch]);
      if (!changed) continue;
      const summary = summarize(sketch!);
      sketches.push({
        project_id: r.projectId,
        event_id: r.eventId,
        grain: r.grain,
        bucket: r.bucket,
        shard: r.shard,
        lane: 0,
        sketch: sketch!,
        sketch_exact: summary.exact,
        sketch_sum: summary.sum,
        sketch_zeros: summary.zeros,
      });
    }
    await setSketches.later(session, sketches);
  }

  /** The sketches read or written are now committed: the stage keeps them. */
  async afterCommit(): Promise<void> {
    for (const [key, sketch] of this.seen) this.stage.sketches.keep(key, sketch);
  }

  private metadataRows(lane: number): Array<Parameters<typeof addMetadata.run>[1][number]> {
    return [...this.metadata.values()]
      .flatMap((m) => [...m.values()])
      .sort(byMetadataKey)
      .map((m) => ({
        project_id: m.projectId,
        event_id: m.eventId,
        grain: m.grain,
        bucket: m.bucket,
        field: m.field,
        value_key: m.valueKey,
        lane,
        count: m.count,
        sum: m.sum,
        min: m.min,
        max: m.max,
      }));
  }
}

function byMetadataKey(a: MetadataSum, b: MetadataSum): number {
  return (
    cmp(a.projectId, b.projectId) ||
    cmp(a.eventId, b.eventId) ||
    cmp(a.grain, b.grain) ||
    a.bucket - b.bucket ||
    cmp(a.field, b.field) ||
    cmp(a.valueKey, b.valueKey)
  );
}
