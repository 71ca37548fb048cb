import { binKey, histogramBin, parseBinKey } from './histogram.js';

/**
 * Metadata analytics (docs/api.md, Analytics: numeric fields aggregated with min, max, average and a
 * distribution; categorical fields counted). Pure: what one event adds, and how stored sums turn
 * into the `metadataStats` of GET /stats/event.
 */

/** Distinct values kept per event and categorical field; later values are counted as "other". */
export const CATEGORY_CAP = 50;
/** Longer category values and field names are cut to this length. */
export const MAX_VALUE_LENGTH = 100;

export const SUMMARY_KEY = '#';
export const OTHER_KEY = 'o:';
export const valueKey = (value: string) => `v:${value}`;

/** One aggregate increment: `#` summary, `b:` histogram bin, `v:` category value, `o:` other. */
export interface MetadataIncrement {
  field: string;
  valueKey: string;
  count: number;
  sum: number | null;
  min: number | null;
  max: number | null;
}

/** A category observation still to be admitted under the cap (the stage decides v: or o:). */
export interface CategoryObservation {
  field: string;
  value: string;
}

/** Splits an event's metadata into numeric increments and category observations. */
export function observeMetadata(metadata: Record<string, unknown>): { numeric: MetadataIncrement[]; categories: CategoryObservation[] } {
  const numeric: MetadataIncrement[] = [];
  const categories: CategoryObservation[] = [];
  for (const [rawField, value] of Object.entries(metadata)) {
    const field = rawField.slice(0, MAX_VALUE_LENGTH);
    if (typeof value === 'number' && Number.isFinite(value)) {
      numeric.push({ field, valueKey: SUMMARY_KEY, count: 1, sum: value, min: value, max: value });
      numeric.push({ field, valueKey: binKey(histogramBin(value)), count: 1, sum: null, min: null, max: null });
    } else if (typeof value === 'string' || typeof value === 'boolean') {
      categories.push({ field, value: String(value).slice(0, MAX_VALUE_LENGTH) });
    } else if (Array.isArray(value)) {
      const seen = new Set(value.filter((v): v is string => typeof v === 'string').map((v) => v.slice(0, MAX_VALUE_LENGTH)));
      for (const v of seen) categories.push({ field, value: v });
    }
  }
  return { numeric, categories };
}

/** A stored aggregate summed over the period's buckets. */
export interface MetadataAggregate {
  field: string;
  valueKey: string;
  count: number;
  sum: number | null;
  min: number | null;
  max: number | null;
}

export interface NumberStats {
  kind: 'number';
  count: number;
  min: number;
  max: number;
  avg: number;
  histogram: Array<{ min: number; max: number; count: number }>;
}

export interface CategoryStats {
  kind: 'category';
  counts: Record<string, number>;
  /** The most distinct values kept per field; occurrences of values beyond it are in otherCount. */
  distinctValuesCap: number;
  otherCount: number;
}

/**
 * Builds `metadataStats`. A field that has numeric values is reported as a number (its non-numeric
 * values, if any, are left out); otherwise as a category.
 */
export function buildMetadataStats(rows: MetadataAggregate[]): Record<string, NumberStats | CategoryStats> {
  const byField = new Map<string, MetadataAggregate[]>();
  for (const r of rows) {
    const list = byField.get(r.field) ?? [];
    list.push(r);
    byField.set(r.field, list);
  }
  const stats: Record<string, NumberStats | CategoryStats> = {};
  for (const [field, list] of [...byField.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const summary = list.find((r) => r.valueKey === SUMMARY_KEY && r.count > 0);
    if (summary) {
      const histogram = list
        .map((r) => ({ bin: parseBinKey(r.valueKey), count: r.count }))
        .filter((b): b is { bin: { min: number; max: number }; count: number } => b.bin !== null && b.count > 0)
        .map((b) => ({ min: b.bin.min, max: b.bin.max, count: b.count }))
        .sort((a, b) => a.min - b.min);
      stats[field] = {
        kind: 'number',
        count: summary.count,
        min: summary.min ?? 0,
        max: summary.max ?? 0,
        avg: (summary.sum ?? 0) / summary.count,
        histogram,
      };
      continue;
    }
    const counts: Record<string, number> = {};
    let otherCount = 0;
    for (const r of list) {
      if (r.valueKey.startsWith('v:')) counts[r.valueKey.slice(2)] = r.count;
      else if (r.valueKey === OTHER_KEY) otherCount += r.count;
    }
    stats[field] = { kind: 'category', counts, distinctValuesCap: CATEGORY_CAP, otherCount };
  }
  return stats;
}
