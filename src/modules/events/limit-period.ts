import { dateKey, monthKey, startOfWeek } from '../../platform/time.js';
import type { LimitPeriod } from './events.schemas.js';

/**
 * The key of the completion-limit period containing `occurredAt` (UTC; weeks start Monday):
 * `D2026-01-15`, `W2026-01-12` (the Monday), `M2026-01`, or `L` for lifetime.
 */
export function limitPeriodKey(period: LimitPeriod, occurredAt: number): string {
  switch (period) {
    case 'daily':
      return `D${dateKey(occurredAt)}`;
    case 'weekly':
      return `W${dateKey(startOfWeek(occurredAt))}`;
    case 'monthly':
      return `M${monthKey(occurredAt)}`;
    case 'lifetime':
      return 'L';
  }
}
