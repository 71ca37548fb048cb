/**
 * Synthetic history for the analytics benchmark, built in memory the way the analytics stage
 * would have built it: EVENTS events over DAYS days ending today, USERS users, EVENT_TYPES event
 * ids with skewed popularity, a daily rhythm over the hours, two metadata fields (amount: number,
 * channel: category). Returns the rollup and metadata rows to write.
 */
import { HOUR_COLUMNS, type AnalyticsMetadataTable, type AnalyticsRollupsTable } from '../../src/modules/analytics/analytics.tables.js';
import { denseSketch, hashUser, SHARDS, SLICE, slotOf, summarize } from '../../src/modules/analytics/hll.js';
import { binKey, histogramBin } from '../../src/modules/analytics/histogram.js';
import { monthBucket } from '../../src/modules/analytics/periods.js';
import { DAY_MS, dayNumber } from '../../src/platform/time.js';

export interface SeedOptions {
  events: number;
  days: number;
  users: number;
  eventTypes: number;
  now: number;
  projectId: string;
}

/** A small fast PRNG (mulberry32) so runs are repeatable. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CHANNELS = ['web', 'app', 'store', 'phone', 'partner'];

export function buildSeed(o: SeedOptions): { rollups: AnalyticsRollupsTable[]; metadata: AnalyticsMetadataTable[] } {
  const rnd = random(42);
  const today = dayNumber(o.now);
  const firstDay = today - (o.days - 1);
  const firstMonth = monthBucket(firstDay * DAY_MS);
  const months = monthBucket(o.now) - firstMonth + 1;
  const scopes = o.eventTypes + 1; // index eventTypes = '*'
  const eventIds = [...Array.from({ length: o.eventTypes }, (_, i) => `event_${String(i).padStart(2, '0')}`), '*'];
  // Popularity ~ 1/(i+1); hours peak in the evening.
  const typeWeights = eventIds.slice(0, o.eventTypes).map((_, i) => 1 / (i + 1));
  const typeCdf = cdf(typeWeights);
  const hourCdf = cdf(Array.from({ length: 24 }, (_, h) => 1 + Math.sin(((h - 6) / 24) * 2 * Math.PI) * 0.8));
  const users = Array.from({ length: o.users }, (_, u) => slotOf(hashUser(`user${u}`)));
  const bins = Array.from({ length: 12 }, (_, i) => histogramBin(10 ** (i / 4)));
  const binKeys = [...new Set(bins.map(binKey))];

  const buckets = { day: o.days, month: months };
  const rows = (grain: 'day' | 'month') => scopes * buckets[grain] * SHARDS;
  const counters = {
    day: { n: new Float64Array(rows('day') * 5), hours: new Float64Array(rows('day') * 24), regs: new Uint8Array(rows('day') * SLICE) },
    month: {
      n: new Float64Array(rows('month') * 5),
      hours: new Float64Array(rows('month') * 24),
      regs: new Uint8Array(rows('month') * SLICE),
    },
  };
  const meta = {
    day: {
      amount: new Float64Array(o.eventTypes * o.days * 4),
      bins: new Float64Array(o.eventTypes * o.days * binKeys.length),
      channels: new Float64Array(o.eventTypes * o.days * CHANNELS.length),
    },
    month: {
      amount: new Float64Array(o.eventTypes * months * 4),
      bins: new Float64Array(o.eventTypes * months * binKeys.length),
      channels: new Float64Array(o.eventTypes * months * CHANNELS.length),
    },
  };
  for (const g of ['day', 'month'] as const)
    for (let i = 0; i < meta[g].amount.length; i += 4) {
      meta[g].amount[i + 2] = Infinity;
      meta[g].amount[i + 3] = -Infinity;
    }

  for (let i = 0; i < o.events; i++) {
    const type = pick(typeCdf, rnd());
    const day = firstDay + Math.floor(Math.sqrt(rnd()) * o.days); // traffic grows over time
    const hour = pick(hourCdf, rnd());
    const user = users[Math.floor(rnd() ** 2 * o.users)]!; // some users are far more active
    const conditionMet = rnd() < 0.95;
    const limitReached = conditionMet && rnd() < 0.03;
    const points = conditionMet && !limitReached ? 10 : 0;
    const amount = Math.round(10 ** (rnd() * 3) * 100) / 100;
    const channel = Math.floor(rnd() ** 2 * CHANNELS.length);
    const month = monthBucket(day * DAY_MS) - firstMonth;
    const bin = binKeys.indexOf(binKey(histogramBin(amount)));
    for (const g of ['day', 'month'] as const) {
      const b = g === 'day' ? day - firstDay : month;
      for (const scope of [type, o.eventTypes]) {
        const row = (scope * buckets[g] + b) * SHARDS + user.shard;
        const c = counters[g];
        c.n[row * 5] += 1;
        c.n[row * 5 + 1] += points;
        c.n[row * 5 + 2] += conditionMet ? 1 : 0;
        c.n[row * 5 + 3] += conditionMet ? 0 : 1;
        c.n[row * 5 + 4] += limitReached ? 1 : 0;
        c.hours[row * 24 + hour] += 1;
        const reg = row * SLICE + user.offset;
        if (c.regs[reg]! < user.rank) c.regs[reg] = user.rank;
      }
      const m = meta[g];
      const mb = type * buckets[g] + b;
      m.amount[mb * 4] += 1;
      m.amount[mb * 4 + 1] += amount;
      if (amount < m.amount[mb * 4 + 2]!) m.amount[mb * 4 + 2] = amount;
      if (amount > m.amount[mb * 4 + 3]!) m.amount[mb * 4 + 3] = amount;
      m.bins[mb * binKeys.length + bin] += 1;
      m.channels[mb * CHANNELS.length + channel] += 1;
    }
  }

  const rollups: AnalyticsRollupsTable[] = [];
  const metadata: AnalyticsMetadataTable[] = [];
  for (const g of ['day', 'month'] as const) {
    const c = counters[g];
    for (let scope = 0; scope < scopes; scope++) {
      for (let b = 0; b < buckets[g]; b++) {
        const bucket = g === 'day' ? firstDay + b : firstMonth + b;
        for (let shard = 0; shard < SHARDS; shard++) {
          const row = (scope * buckets[g] + b) * SHARDS + shard;
          if (c.n[row * 5] === 0) continue;
          const r = {
            project_id: o.projectId,
            event_id: eventIds[scope]!,
            grain: g,
            bucket,
            shard,
            lane: 0,
            count: c.n[row * 5]!,
            points: c.n[row * 5 + 1]!,
            condition_met: c.n[row * 5 + 2]!,
            condition_failed: c.n[row * 5 + 3]!,
            limit_reached: c.n[row * 5 + 4]!,
            sketch: denseSketch(c.regs.subarray(row * SLICE, (row + 1) * SLICE)),
          } as AnalyticsRollupsTable;
          const summary = summarize(r.sketch!);
          r.sketch_exact = null;
          r.sketch_sum = summary.sum;
          r.sketch_zeros = summary.zeros;
          HOUR_COLUMNS.forEach((h, i) => (r[h] = c.hours[row * 24 + i]!));
          rollups.push(r);
        }
        if (scope === o.eventTypes) continue;
        const m = meta[g];
        const mb = scope * buckets[g] + b;
        const base = { project_id: o.projectId, event_id: eventIds[scope]!, grain: g, bucket, lane: 0 };
        if (m.amount[mb * 4] === 0) continue;
        metadata.push({
          ...base,
          field: 'amount',
          value_key: '#',
          count: m.amount[mb * 4]!,
          sum: m.amount[mb * 4 + 1]!,
          min: m.amount[mb * 4 + 2]!,
          max: m.amount[mb * 4 + 3]!,
        });
        binKeys.forEach((key, k) => {
          const n = m.bins[mb * binKeys.length + k]!;
          if (n > 0) metadata.push({ ...base, field: 'amount', value_key: key, count: n, sum: null, min: null, max: null });
        });
        CHANNELS.forEach((ch, k) => {
          const n = m.channels[mb * CHANNELS.length + k]!;
          if (n > 0) metadata.push({ ...base, field: 'channel', value_key: `v:${ch}`, count: n, sum: null, min: null, max: null });
        });
      }
    }
  }
  return { rollups, metadata };
}

function cdf(weights: number[]): Float64Array {
  const total = weights.reduce((a, b) => a + b, 0);
  const out = new Float64Array(weights.length);
  let acc = 0;
  weights.forEach((w, i) => (out[i] = acc += w / total));
  return out;
}

function pick(cdfs: Float64Array, x: number): number {
  let lo = 0;
  let hi = cdfs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdfs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
