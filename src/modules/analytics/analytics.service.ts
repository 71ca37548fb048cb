import { AppError } from '../../http/errors.js';
import type { Platform } from '../../platform/platform.js';
import type { ProjectDataOwner } from '../projects/index.js';
import { dateKeyOfDayNumber, dayNumber } from '../../platform/time.js';
import { claimWriteLane } from '../../platform/db/dialect-sql.js';
import { HOUR_COLUMNS } from './analytics.tables.js';
import { AnalyticsRepository, type CoverRow, type DayTotalsRow } from './analytics.repository.js';
import { CLOSED_AFTER_DAYS, ClosedBucketCache } from './closed-buckets.js';
import type { EventStats, StatsQuery } from './analytics.schemas.js';
import { ALL_EVENTS, AnalyticsStage } from './analytics.stage.js';
import { countFromSummaries, type UniqueCount } from './hll.js';
import { buildMetadataStats } from './metadata-stats.js';
import { PeriodRows } from './period-rows.js';
import { coverByMonths, DEFAULT_PERIOD, monthRange, periodRange, type DayRange } from './periods.js';

const TOP_EVENTS = 10;
const NOTES = {
  exact: 'Exact count of distinct users.',
  hyperloglog: 'Estimated with HyperLogLog (2048 registers, standard error about 2.3 %); counts are exact while few users are involved.',
};

interface DayTotals {
  count: number;
  points: number;
  hours: number[];
  users: UniqueCount;
}

/**
 * GET /stats/event from the rollups only (never a scan of raw events): day rows give dailyData,
 * and the period's counts and unique users come from whole-month rows plus the days around them.
 */
export class AnalyticsService implements ProjectDataOwner {
  readonly projectDataName = 'analytics';
  readonly stage: AnalyticsStage;
  private readonly repo: AnalyticsRepository;

  private readonly closed = new ClosedBucketCache();
  private readonly rows: PeriodRows;

  constructor(
    private readonly platform: Platform,
    /** What events paid in another currency (the ledger's; the rollups count points). */
    private readonly earnings: {
      require(projectId: string, currency: string | undefined): Promise<void>;
      eventEarnings(
        projectId: string,
        currency: string,
        range: { from: string; to: string },
        eventId: string | null,
      ): Promise<Array<{ day: string; eventId: string; points: number }>>;
    } | null = null,
  ) {
    this.repo = new AnalyticsRepository(platform.db.kysely);
    this.stage = new AnalyticsStage(this.closed);
    // A deleted project's rows are gone: the stage's copies of their sketches must not count users for a new project of the same id.
    platform.bus.onReset(() => this.stage.sketches.clear());
    this.rows = new PeriodRows(this.repo, this.closed);
  }

  /**
   * GET /stats/event. With `currency` (not points) the points figures are what events paid in that
   * currency, read from its ledger entries by day (decision 302); counts and users are the rollups'.
   */
  async stats(projectId: string, query: StatsQuery): Promise<EventStats> {
    const currency = query.currency ?? 'points';
    if (currency === 'points' || !this.earnings) return this.pointsStats(projectId, query);
    await this.earnings.require(projectId, currency);
    const stats = await this.pointsStats(projectId, query);
    const rows = await this.earnings.eventEarnings(
      projectId,
      currency,
      { from: stats.startDate, to: stats.endDate },
      query.eventId ?? null,
    );
    const byDay = new Map<string, number>();
    for (const r of rows) byDay.set(r.day, (byDay.get(r.day) ?? 0) + r.points);
    const total = rows.reduce((s, r) => s + r.points, 0);
    const d = stats.data as Record<string, unknown> & { dailyData: Record<string, { points: number }> };
    for (const [day, t] of Object.entries(d.dailyData)) t.points = byDay.get(day) ?? 0;
    if ('pointsAwarded' in d) d.pointsAwarded = total;
    if ('totalPoints' in d) d.totalPoints = total;
    const breakdown = d.eventBreakdown as Record<string, { points: number }> | undefined;
    if (breakdown) {
      for (const e of Object.values(breakdown)) e.points = 0;
      for (const r of rows) if (breakdown[r.eventId]) breakdown[r.eventId]!.points += r.points;
    }
    return { ...stats, currency } as EventStats;
  }

  /** Takes this instance's write lane (decision 357) before the write path runs its first batch. */
  async start(): Promise<void> {
    this.stage.lane = await claimWriteLane(this.platform.db.kysely, this.platform.db.dialect);
  }

  /** The rows are deleted with the project's tables; this forgets what this process kept of them. */
  async deleteProjectData(projectId: string): Promise<void> {
    this.rows.forget(projectId);
    this.stage.sketches.forget(projectId);
  }

  private async pointsStats(projectId: string, query: StatsQuery): Promise<EventStats> {
    const scope = query.eventId ?? ALL_EVENTS;
    const { range, period } = await this.rangeOf(projectId, scope, query);
    const cover = coverByMonths(range);
    const closedBefore = dayNumber(this.platform.clock.now()) - CLOSED_AFTER_DAYS;
    // One read of the period's rows: the event's, or for the global view every event's (`*` and the breakdown).
    const [dayRows, coverRows] = await Promise.all([
      this.rows.dayTotals(projectId, scope, range, closedBefore),
      this.rows.coverRows(projectId, query.eventId ?? null, cover, closedBefore),
    ]);
    const days = totalsByDay(dayRows, range);
    const byEvent = new Map<string, CoverRow[]>();
    for (const r of coverRows) {
      const rows = byEvent.get(r.event_id);
      if (rows) rows.push(r);
      else byEvent.set(r.event_id, [r]);
    }
    const uniques = await this.rows.uniques(projectId, query.eventId ?? null, cover, byEvent);
    const users = uniques.get(scope) ?? { value: 0, method: 'exact' as const };
    let method = users.method;

    const sum = (f: (r: DayTotalsRow) => number) => dayRows.reduce((s, r) => s + f(r), 0);
    const dailyData: EventStats['data']['dailyData'] = {};
    const head = {
      period,
      ...(query.timeframe === 'month' ? { month: query.month } : {}),
      startDate: dateOf(range.startDay),
      endDate: dateOf(range.endDay),
    };

    if (query.eventId) {
      for (const [day, t] of days)
        dailyData[dateOf(day)] = { count: t.count, users: t.users.value, points: t.points, hourlyDistribution: t.hours };
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

    for (const [day, t] of days)
      dailyData[dateOf(day)] = { events: t.count, users: t.users.value, points: t.points, hourlyDistribution: t.hours };
    const eventBreakdown: Record<string, { count: number; users: number; points: number }> = {};
    for (const [eventId, rows] of [...byEvent.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (eventId === ALL_EVENTS) continue;
      const u = uniques.get(eventId)!;
      if (u.method === 'hyperloglog') method = 'hyperloglog';
      let count = 0;
      let points = 0;
      for (const r of rows) {
        count += Number(r.count);
        points += Number(r.points);
      }
      eventBreakdown[eventId] = { count, users: u.value, points };
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
    // A parameter that the chosen view would ignore is refused rather than silently dropped.
    if (query.timeframe === 'month') {
      if (query.period !== undefined) throw AppError.of('PERIOD_WITH_MONTH', 'period cannot be combined with timeframe=month');
      const range = query.month === undefined ? null : monthRange(query.month, now);
      if (!range) throw AppError.of('INVALID_MONTH', 'month must be given as YYYY-MM with timeframe=month');
      return { range, period: 'month' };
    }
    if (query.month !== undefined) throw AppError.of('TIMEFRAME_REQUIRED', 'month is only read with timeframe=month');
    const period = query.period ?? DEFAULT_PERIOD;
    const firstDay = period === 'all' ? await this.repo.firstDay(projectId, scope) : null;
    return { range: periodRange(period, now, firstDay), period };
  }
}

const dateKeys = new Map<number, string>();
/** YYYY-MM-DD of a day number, memoised (a long period formats hundreds of days per request). */
function dateOf(day: number): string {
  let key = dateKeys.get(day);
  if (key === undefined) {
    if (dateKeys.size > 100_000) dateKeys.clear();
    dateKeys.set(day, (key = dateKeyOfDayNumber(day)));
  }
  return key;
}

/** Every day of the range (empty ones included), with its counters and hours; users are added by the caller. */
function totalsByDay(rows: DayTotalsRow[], range: DayRange): Map<number, DayTotals> {
  const days = new Map<number, DayTotals>();
  for (let d = range.startDay; d <= range.endDay; d++)
    days.set(d, { count: 0, points: 0, hours: new Array<number>(24).fill(0), users: { value: 0, method: 'exact' } });
  for (const r of rows) {
    const t = days.get(Number(r.bucket));
    if (!t) continue;
    t.count += Number(r.count);
    t.points += Number(r.points);
    HOUR_COLUMNS.forEach((h, i) => (t.hours[i]! += Number(r[h])));
    const slices = Number(r.slices);
    t.users = countFromSummaries({
      shards: slices,
      allExact: Number(r.exact_slices) === slices,
      exact: Number(r.exact ?? 0),
      sum: Number(r.register_sum ?? 0),
      zeros: Number(r.zeros ?? 0),
    });
  }
  return days;
}
