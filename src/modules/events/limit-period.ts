import { dateKey, monthKey, startOfWeek } from '../../platform/time.js';
import { UTC, wallTime } from '../../platform/time-zone.js';
import type { LimitPeriod } from './events.schemas.js';

/**
 * The key of the completion-limit period containing `occurredAt` in the user's local calendar
 * (`zone`, UTC by default; weeks start Monday): `D2026-01-15`, `W2026-01-12` (the Monday),
 * `M2026-01`, or `L` for lifetime. Keys name local dates, so they stay valid across a zone change.
 */
export function limitPeriodKey(period: LimitPeriod, occurredAt: number, zone = UTC): string {
  if (period === 'lifetime') return 'L';
  const local = wallTime(occurredAt, zone);
  switch (period) {
    case 'daily':
      return `D${dateKey(local)}`;
    case 'weekly':
      return `W${dateKey(startOfWeek(local))}`;
    case 'monthly':
      return `M${monthKey(local)}`;
  }
}
