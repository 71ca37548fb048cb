/** Events per UTC hour of the bucket: h0 … h23. */
export const HOUR_COLUMNS = [
  'h0',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'h7',
  'h8',
  'h9',
  'h10',
  'h11',
  'h12',
  'h13',
  'h14',
  'h15',
  'h16',
  'h17',
  'h18',
  'h19',
  'h20',
  'h21',
  'h22',
  'h23',
] as const;
export type HourColumn = (typeof HOUR_COLUMNS)[number];

/**
 * Analytics rollups (migration 0500_analytics_jobs), kept by the analytics pipeline stage inside
 * the event transaction. `event_id` `*` holds the totals over all events (the global view).
 */
export interface AnalyticsRollupsTable {
  project_id: string;
  event_id: string;
  /** `day` (bucket = day number since the epoch) or `month` (bucket = year * 12 + month index). */
  grain: string;
  bucket: number;
  /** Partition of the user-hash space; spreads hot rows over several locks, merged on read. */
  shard: number;
  /**
   * The instance's write lane (decision 357): an instance of a PostgreSQL store adds the counts of its batches
   * whose users the sketches already count to the rows of its own lane; 0 is everyone's, and alone keeps the
   * sketches. Readers sum the lanes.
   */
  lane: number;
  count: number;
  points: number;
  condition_met: number;
  condition_failed: number;
  limit_reached: number;
  h0: number;
  h1: number;
  h2: number;
  h3: number;
  h4: number;
  h5: number;
  h6: number;
  h7: number;
  h8: number;
  h9: number;
  h10: number;
  h11: number;
  h12: number;
  h13: number;
  h14: number;
  h15: number;
  h16: number;
  h17: number;
  h18: number;
  h19: number;
  h20: number;
  h21: number;
  h22: number;
  h23: number;
  /** Unique-user sketch of this shard (see hll.ts); null until the first write sets it. */
  sketch: Buffer | null;
  /** Summary of `sketch` (see hll.ts summarize), so a day's users are counted without reading it. */
  sketch_exact: number | null;
  sketch_sum: number | null;
  sketch_zeros: number | null;
}

/**
 * Metadata aggregates per event and bucket. value_key `#` is a numeric field's summary
 * (count, sum, min, max); `b:<lower>` a histogram bin; `v:<value>` a category value's count;
 * `o:` the values beyond the distinct-value cap.
 */
export interface AnalyticsMetadataTable {
  project_id: string;
  event_id: string;
  grain: string;
  bucket: number;
  field: string;
  value_key: string;
  /** The writing instance's lane (decision 357); readers sum the lanes. */
  lane: number;
  count: number;
  sum: number | null;
  min: number | null;
  max: number | null;
}

/** The category values admitted per event and field (at most the cap; later ones count as other). */
export interface AnalyticsMetadataValuesTable {
  project_id: string;
  event_id: string;
  field: string;
  value: string;
}

declare module '../../platform/db/schema.js' {
  interface DB {
    analytics_rollups: AnalyticsRollupsTable;
    analytics_metadata: AnalyticsMetadataTable;
    analytics_metadata_values: AnalyticsMetadataValuesTable;
  }
}
