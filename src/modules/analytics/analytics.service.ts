import { AppError } from '../../http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { dateKeyOfDayNumber } from '../../platform/time.js';
import { HOUR_COLUMNS } from './analytics.tables.js';
import { AnalyticsRepository, type StoredRollup } from './analytics.repository.js';
import type { EventStats, StatsQuery } from './analytics.schemas.js';
import { ALL_EVENTS, AnalyticsStage } from './analytics.stage.js';
import { UniqueCounter } from './hll.js';
import { buildMetadataStats } from './metadata-stats.js';
import { coverByMonths, monthRange, periodRange, type DayRange } from './periods.js';

const TOP_EVENTS = 10;
const NOTES = {
  exact: 'Exact count of distinct users.',
  hyperloglog: 'Estimated with HyperLogLog (2048 registers, standard error about 2.3 %); counts are exact while few users are involved.',
};

interface DayTotals {
  count: number;
  points: number;
  hours: number[];
  users: UniqueCounter;
}

/**
 * GET /stats/event from the rollups only (never a scan of raw events): day rows give dailyData,
 * and the period's counts and unique users come from whole-month rows plus the days around them.
 */
export class AnalyticsService {
  readonly stage: AnalyticsStage;
  private readonly repo: AnalyticsRepository;

  constructor(private readonly platform: Platform) {
    this.repo = new AnalyticsRepository(platform.db.kysely, platform.db.dialect);
    this.stage = new AnalyticsStage(this.repo);
  }

  async stats(projectId: string, query: StatsQuery): Promise<EventStats> {
    const scope = query.eventId ?? ALL_EVENTS;
    const { range, period } = await this.rangeOf(projectId, scope, query);
    const cover = coverByMonths(range);
    const dayRows = await this.repo.dayRows(projectId, scope, range.startDay, range.endDay);
    const days = totalsByDay(dayRows, range);

    const unique = new UniqueCounter();
    for (const r of await this.repo.coverRows(projectId, scope, { months: cover.months, days: [] })) unique.add(r.sketch, r.shard);
    const coverDays = new Set(cover.days);
    for (const r of dayRows) if (coverDays.has(Number(r.bucket))) unique.add(r.sketch, r.shard);
    const users = unique.count();
    let method = users.method;

    const sum = (f: (r: StoredRollup) => number) => dayRows.reduce((s, r) => s + f(r), 0);
    const dailyData: EventStats['data']['dailyData'] = {};
    const head = {
      period,
      ...(query.timeframe === 'month' ? { month: query.month } : {}),
      startDate: dateKeyOfDayNumber(range.startDay),
      endDate: dateKeyOfDayNumber(range.endDay),
    };

    if (query.eventId) {
      for (const [day, t] of days) dailyData[dateKeyOfDayNumber(day)] = { count: t.count, users: t.users.count().value, points: t.points, hourlyDistribution: t.hours };
      const metadataStats = buildMetadataStats(await this.repo.metadata(projectId, scope, cover));
      return {
        ...head,
        eventId: query.eventId,
        data: {
          totalCount: sum((r) => Number(r.count)),
          uniqueUsers: users.value,
          pointsAwarded: sum((r) => Number(r.points)),
          conditionMet: sum((r) => Number(r.condition_met)),
          conditionFailed: sum((r) => Number(r.condition_failed)),
          limitReached: sum((r) => Number(r.limit_reached)),
          dailyData,
          metadataStats,
          _metadata: { uniqueUsersCalculationMethod: method, uniqueUsersNote: NOTES[method] },
        },
      };
    }

    for (const [day, t] of days) dailyData[dateKeyOfDayNumber(day)] = { events: t.count, users: t.users.count().value, points: t.points, hourlyDistribution: t.hours };
    const perEvent = new Map<string, { count: number; points: number; users: UniqueCounter }>();
    for (const r of await this.repo.coverRows(projectId, null, cover)) {
      let e = perEvent.get(r.event_id);
      if (!e) perEvent.set(r.event_id, (e = { count: 0, points: 0, users: new UniqueCounter() }));
      e.count += Number(r.count);
      e.points += Number(r.points);
      e.users.add(r.sketch, r.shard);
    }
    const eventBreakdown: Record<string, { count: number; users: number; points: number }> = {};
    for (const [eventId, e] of [...perEvent.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const u = e.users.count();
      if (u.method === 'hyperloglog') method = 'hyperloglog';
      eventBreakdown[eventId] = { count: e.count, users: u.value, points: e.points };
    }
    const topEvents = Object.entries(eventBreakdown)
      .sort(([a, x], [b, y]) => y.count - x.count || (a < b ? -1 : 1))
      .slice(0, TOP_EVENTS)
      .map(([eventId]) => eventId);
    return {
      ...head,
      eventId: null,
      data: {
        totalEvents: sum((r) => Number(r.count)),
        uniqueUsers: users.value,
        totalPoints: sum((r) => Number(r.points)),
        eventBreakdown,
        topEvents,
        dailyData,
        _metadata: { uniqueUsersCalculationMethod: method, uniqueUsersNote: NOTES[method] },
      },
    };
  }

  private async rangeOf(projectId: string, scope: string, query: StatsQuery): Promise<{ range: DayRange; period: string }> {
    const now = this.platform.clock.now();
    if (query.timeframe === 'month') {
      const range = query.month === undefined ? null : monthRange(query.month, now);
      if (!range) throw AppError.badRequest('month must be given as YYYY-MM with timeframe=month', 'INVALID_MONTH');
      return { range, period: 'month' };
    }
    const firstDay = query.period === 'all' ? await this.repo.firstDay(projectId, scope) : null;
    return { range: periodRange(query.period, now, firstDay), period: query.period };
  }
}

/** Every day of the range (empty ones included), with counters, hours and users summed over shards. */
function totalsByDay(rows: StoredRollup[], range: DayRange): Map<number, DayTotals> {
  const days = new Map<number, DayTotals>();
  for (let d = range.startDay; d <= range.endDay; d++) days.set(d, { count: 0, points: 0, hours: new Array<number>(24).fill(0), users: new UniqueCounter() });
  for (const r of rows) {
    const t = days.get(Number(r.bucket));
    if (!t) continue;
    t.count += Number(r.count);
    t.points += Number(r.points);
    HOUR_COLUMNS.forEach((h, i) => (t.hours[i]! += Number(r[h])));
    t.users.add(r.sketch, r.shard);
  }
  return days;
}
