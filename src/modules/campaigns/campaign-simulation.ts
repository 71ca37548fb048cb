import { AppError } from '../../platform/errors.js';
import { LoopSlice } from '../../platform/loop-slice.js';
import { DAY_MS, dateKey, startOfDay } from '../../platform/time.js';
import type { StoredEvent, StoredPageQuery } from '../events/index.js';
import { UTC } from '../../platform/time-zone.js';
import { campaignMatches, decidePayouts, onItsDays, wantedFor, type Campaign } from './campaign-rules.js';
import type { CreateCampaignBody } from './campaigns.schemas.js';
import type { SimulationResult } from './campaign-tools.schemas.js';

/** The longest period a simulation or a backfill covers (decision 321). */
export const MAX_PERIOD_DAYS = 366;
/** The most stored events one simulation reads (decision 321); more: 400 PERIOD_TOO_LONG. */
export const MAX_SIMULATED_EVENTS = 1_000_000;
/** Stored events read per query (a keyset page). */
export const SIMULATION_PAGE = 5_000;
const TOP_USERS = 10;

/** Who of `userIds` is in the segment now (the segments module's hook; unset: everyone). */
export type AudienceHook = (projectId: string, segmentId: string, userIds: readonly string[]) => Promise<Set<string>>;

/** What the simulation reads of other modules. */
export interface SimulationSources {
  /** The draft as a campaign, checked as POST /admin/campaign checks it (400 as create answers). */
  draft(projectId: string, body: CreateCampaignBody): Promise<Campaign>;
  /** A page of the project's stored events that earned their reward (the events module). */
  storedEvents(projectId: string, q: StoredPageQuery): Promise<StoredEvent[]>;
  /** A user's time zone now (a draft with days of the week is decided in the user's calendar; decision 327). */
  timeZone?(projectId: string, userId: string): Promise<string>;
}

/** 400 unless [from, to) is a period of at most MAX_PERIOD_DAYS days. */
export function checkPeriod(from: number, to: number): void {
  if (to <= from) throw AppError.of('INVALID_RANGE', 'to must be after from');
  if (to - from > MAX_PERIOD_DAYS * DAY_MS) throw AppError.of('PERIOD_TOO_LONG', `the period may be at most ${MAX_PERIOD_DAYS} days`);
}

/**
 * What a draft campaign would have paid over stored events, added up in time order (pure). The
 * draft is taken as ACTIVE and its window as the period (a preview of next month's campaign against
 * last month); its events, conditions, effect and budgets apply as at event time, the budgets
 * running out as they would have. It pays in `points` on the event's stored points; in another
 * currency, on 0 (the stored event keeps only its points), so only a bonus counts.
 */
export class SimulationTally {
  private readonly campaign: Campaign;
  private readonly perUser = new Map<string, number>();
  private readonly perDay = new Map<string, number>();
  private total = 0;
  private events = 0;
  private budgetSpentOn: string | null = null;

  constructor(
    draft: Campaign,
    private readonly from: number,
    private readonly to: number,
  ) {
    this.campaign = { ...draft, status: 'ACTIVE', startAt: from, endAt: to };
  }

  /** Adds one stored event (in time order), of a user in the time zone `zone`. */
  add(e: StoredEvent, zone = UTC): void {
    const c = this.campaign;
    if (!campaignMatches(c, e.eventId, e.metadata) || !onItsDays(c, e.occurredAt, zone)) return;
    const base = c.currency === 'points' ? e.points : 0;
    const paidUser = this.perUser.get(e.userId) ?? 0;
    let left = Infinity;
    if (c.budgetTotal !== null) left = c.budgetTotal - this.total;
    if (c.budgetPerUser !== null) left = Math.min(left, c.budgetPerUser - paidUser);
    const { paid } = decidePayouts([
      { campaign: c, wanted: wantedFor(c, base), left: Math.max(0, left), inWindow: true, inAudience: true },
    ]);
    const points = paid[0]?.points ?? 0;
    if (points <= 0) return;
    this.total += points;
    this.events++;
    this.perUser.set(e.userId, paidUser + points);
    const day = dateKey(e.occurredAt);
    this.perDay.set(day, (this.perDay.get(day) ?? 0) + points);
    if (this.budgetSpentOn === null && c.budgetTotal !== null && this.total >= c.budgetTotal) this.budgetSpentOn = day;
  }

  result(): SimulationResult {
    const perDay: SimulationResult['perDay'] = [];
    for (let d = startOfDay(this.from); d < this.to; d += DAY_MS)
      perDay.push({ day: dateKey(d), points: this.perDay.get(dateKey(d)) ?? 0 });
    const topUsers = [...this.perUser.entries()]
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, TOP_USERS)
      .map(([userId, points]) => ({ userId, points }));
    return {
      total: this.total,
      currency: this.campaign.currency,
      events: this.events,
      users: this.perUser.size,
      perDay,
      topUsers,
      budgetSpentOn: this.budgetSpentOn,
    };
  }
}

/**
 * POST /admin/campaign/simulate (decision 321): replays the project's stored events of [from, to)
 * against a draft, without writing anything. Events are read in keyset pages of SIMULATION_PAGE
 * (never all at once), at most MAX_SIMULATED_EVENTS of them; the loop gives the event loop a turn
 * between slices. A draft with a segment is simulated over the segment's members as of now (the
 * audience hook, when the segments module sets it).
 */
export class CampaignSimulation {
  private audience: AudienceHook | null = null;

  constructor(
    private readonly sources: SimulationSources,
    /** The cap on events read and the page size (tests make them small). */
    private readonly limits = { maxEvents: MAX_SIMULATED_EVENTS, page: SIMULATION_PAGE },
  ) {}

  /** Sets who is in a segment (the segments module); unset, a draft's segment is not applied. */
  useAudience(hook: AudienceHook): void {
    this.audience = hook;
  }

  async simulate(projectId: string, body: { campaign: CreateCampaignBody; from: number; to: number }): Promise<SimulationResult> {
    checkPeriod(body.from, body.to);
    const draft = await this.sources.draft(projectId, body.campaign);
    const segmentId = (body.campaign as { segmentId?: string | null }).segmentId ?? null;
    const tally = new SimulationTally(draft, body.from, body.to);
    const slice = new LoopSlice();
    let after: StoredPageQuery['after'] = null;
    let read = 0;
    for (;;) {
      const page = await this.sources.storedEvents(projectId, {
        from: body.from,
        to: body.to,
        eventIds: draft.eventIds,
        after,
        limit: this.limits.page,
      });
      read += page.length;
      if (read > this.limits.maxEvents) {
        throw AppError.of('PERIOD_TOO_LONG', `the period holds more than ${this.limits.maxEvents} events: simulate a shorter one`);
      }
      const members =
        segmentId !== null && this.audience !== null
          ? await this.audience(projectId, segmentId, [...new Set(page.map((e) => e.userId))])
          : null;
      const zones = draft.days !== null && this.sources.timeZone ? await this.zonesOf(projectId, page) : null;
      for (const e of page) {
        if (members === null || members.has(e.userId)) tally.add(e, zones?.get(e.userId));
        if (slice.due()) await slice.next();
      }
      if (page.length < this.limits.page) break;
      const last = page[page.length - 1]!;
      after = { at: last.occurredAt, row: last.row };
    }
    return tally.result();
  }

  /** The time zones of the page's users (concurrent lookups of the users module are one query per turn). */
  private async zonesOf(projectId: string, page: readonly StoredEvent[]): Promise<Map<string, string>> {
    const users = [...new Set(page.map((e) => e.userId))];
    const zones = await Promise.all(users.map((u) => this.sources.timeZone!(projectId, u)));
    return new Map(users.map((u, i) => [u, zones[i]!]));
  }
}
