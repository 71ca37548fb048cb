import { describe, expect, it } from 'vitest';
import type { GlobalStats } from '../api/types';
import { categoryRows, dailyRows, histogramRows, hourlyRows, topEventRows } from './analyticsData';

const day = (events: number, points: number, hour: number) => ({
  events,
  users: 1,
  points,
  hourlyDistribution: Array.from({ length: 24 }, (_, h) => (h === hour ? events : 0)),
});

describe('analytics rows', () => {
  it('orders days and reads events (global) or count (per event)', () => {
    expect(dailyRows({ '2026-01-02': day(3, 30, 9), '2026-01-01': day(1, 10, 9) }).map((r) => [r.date, r.events, r.points])).toEqual([
      ['2026-01-01', 1, 10],
      ['2026-01-02', 3, 30],
    ]);
    expect(dailyRows({ '2026-01-01': { count: 4, users: 2, points: 40, hourlyDistribution: [] } })[0]).toMatchObject({
      events: 4,
      users: 2,
    });
  });

  it('adds the hourly distributions of all days into 24 hours', () => {
    const rows = hourlyRows({ a: day(3, 0, 9), b: day(2, 0, 9), c: day(5, 0, 23) });
    expect(rows).toHaveLength(24);
    expect(rows[9]).toEqual({ label: '09', events: 5 });
    expect(rows[23]).toEqual({ label: '23', events: 5 });
    expect(rows[0]!.events).toBe(0);
  });

  it('lists top events in the service order', () => {
    const stats = {
      data: { topEvents: ['b', 'a'], eventBreakdown: { a: { count: 1, users: 1, points: 5 }, b: { count: 9, users: 2, points: 90 } } },
    } as unknown as GlobalStats;
    expect(topEventRows(stats)).toEqual([
      { label: 'b', events: 9, users: 2, points: 90 },
      { label: 'a', events: 1, users: 1, points: 5 },
    ]);
  });

  it('reads histograms as numbers, bucket objects or a map', () => {
    const base = { kind: 'number' as const, count: 3, min: 0, max: 10, avg: 5 };
    expect(histogramRows({ ...base, histogram: [1, 2] })).toEqual([
      { label: '1', count: 1 },
      { label: '2', count: 2 },
    ]);
    expect(histogramRows({ ...base, histogram: [{ from: 0, to: 5, count: 2 }] })).toEqual([{ label: '0–5', count: 2 }]);
    expect(histogramRows({ ...base, histogram: { '0-5': 2 } })).toEqual([{ label: '0-5', count: 2 }]);
  });

  it('sorts categories by count', () => {
    expect(categoryRows({ red: 1, blue: 5 })).toEqual([
      { label: 'blue', count: 5 },
      { label: 'red', count: 1 },
    ]);
  });
});
