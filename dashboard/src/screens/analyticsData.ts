import type { Datum } from '../components/Chart';
import type { EventDay, GlobalDay, GlobalStats, NumberStats } from '../api/types';

/** Turns /stats/event answers into chart rows. Pure, so it is tested without a browser. */

export function dailyRows(daily: Record<string, GlobalDay | EventDay>): Datum[] {
  return Object.keys(daily)
    .sort()
    .map((date) => {
      const d = daily[date]!;
      return { label: date.slice(5), date, events: 'events' in d ? d.events : d.count, users: d.users, points: d.points };
    });
}

export function hourlyRows(daily: Record<string, GlobalDay | EventDay>): Datum[] {
  const hours = new Array<number>(24).fill(0);
  for (const d of Object.values(daily)) (d.hourlyDistribution ?? []).forEach((n, h) => h < 24 && (hours[h]! += n));
  return hours.map((events, h) => ({ label: String(h).padStart(2, '0'), events }));
}

export function topEventRows(stats: GlobalStats, max = 10): Datum[] {
  const breakdown = stats.data.eventBreakdown ?? {};
  const order = stats.data.topEvents?.length ? stats.data.topEvents : Object.keys(breakdown);
  return order
    .filter((id) => breakdown[id])
    .slice(0, max)
    .map((id) => ({ label: id, events: breakdown[id]!.count, users: breakdown[id]!.users, points: breakdown[id]!.points }));
}

/** A numeric histogram in whichever shape the service gives: numbers, {from,to,count} objects, or a map. */
export function histogramRows(stats: NumberStats): Datum[] {
  const h = stats.histogram;
  if (Array.isArray(h)) {
    return h.map((b, i) => {
      if (typeof b === 'number') return { label: String(i + 1), count: b };
      const o = b as Record<string, unknown>;
      const from = o.from ?? o.min ?? o.start ?? o.lower;
      const to = o.to ?? o.max ?? o.end ?? o.upper;
      const label = o.label ?? o.bucket ?? (from !== undefined ? `${fmt(from)}–${fmt(to)}` : String(i + 1));
      return { label: String(label), count: Number(o.count ?? o.value ?? 0) };
    });
  }
  if (h && typeof h === 'object')
    return Object.entries(h as Record<string, number>).map(([label, count]) => ({ label, count: Number(count) }));
  return [];
}

export function categoryRows(counts: Record<string, number>, max = 12): Datum[] {
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, max)
    .map(([label, count]) => ({ label, count }));
}

function fmt(v: unknown): string {
  return typeof v === 'number' ? String(Math.round(v * 100) / 100) : String(v);
}
