/** Tables of the segments module (migration 0997_s_segments; decisions 318–320). */
declare module '../../platform/db/schema.js' {
  interface DB {
    segments: SegmentsTable;
  }
}

export interface SegmentsTable {
  project_id: string;
  segment_id: string;
  title: string;
  /** `all` or `any`. */
  match: string;
  /** JSON array of { field, operator, value? }. */
  rules: string;
  created_at: number;
  updated_at: number;
}
