import { wallTime } from '../../platform/time-zone.js';
import { conditionsHold, parseDecimal, type Conditions, type Decimal } from '../events/index.js';

/**
 * What a campaign pays for one event (pure; decision 316). A campaign matches an event when it is
 * ACTIVE, names the event's id (or none) and its conditions hold on the event's metadata; it applies
 * when, besides, the event's timestamp is in its window [startAt, endAt), its budget has something
 * left and it would pay something. Of the campaigns that apply, the highest-priority `exclusive` one
 * is the only one paid; without one every `stack` campaign is paid, highest priority first.
 */
export interface Campaign {
  campaignId: string;
  title: string;
  status: 'ACTIVE' | 'INACTIVE';
  startAt: number;
  endAt: number;
  /** The days of the week it pays on, a bit per day (bit 0 Sunday … bit 6 Saturday) of the user's calendar; null: every day. */
  days: number | null;
  eventIds: readonly string[] | null;
  /** The segment whose members alone it pays (decision 320); null: everyone. */
  segmentId: string | null;
  conditions: Conditions | null;
  /** The multiplier as given (1 when none) and exactly, as a decimal. */
  multiplier: number;
  exactMultiplier: Decimal;
  bonus: number;
  currency: string;
  budgetTotal: number | null;
  budgetPerUser: number | null;
  priority: number;
  stacking: 'stack' | 'exclusive';
  createdAt: number;
  updatedAt: number;
}

/** Why a campaign that matched the event did not pay it (the event log's near misses). */
export type CampaignMiss = 'window' | 'audience' | 'budget';

/** A campaign that matched an event, with what it would pay and what its budgets leave. */
export interface CampaignCandidate {
  campaign: Campaign;
  /** What the effect asks: (multiplier − 1) × base, rounded down, plus the bonus. */
  wanted: number;
  /** The smaller of what its total and per-user budgets leave (Infinity: no budget). */
  left: number;
  inWindow: boolean;
  /** Whether the user is in its segment before the event (true without a segment; decided only in the window). */
  inAudience: boolean;
}

export interface CampaignPayout {
  campaign: Campaign;
  points: number;
}

/** Higher priority first; ties by campaignId, so the order never depends on when campaigns were made. */
export function byPriority(a: Campaign, b: Campaign): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  return a.campaignId < b.campaignId ? -1 : a.campaignId > b.campaignId ? 1 : 0;
}

/** Whether the campaign is about this event at all (status, event ids, conditions), whatever the time. */
export function campaignMatches(c: Campaign, eventId: string, metadata: Record<string, unknown>): boolean {
  if (c.status !== 'ACTIVE') return false;
  if (c.eventIds !== null && !c.eventIds.includes(eventId)) return false;
  return conditionsHold(c.conditions, metadata);
}

export function inWindow(c: Campaign, at: number): boolean {
  return at >= c.startAt && at < c.endAt;
}

/** The names of the days of the week, as the API takes them, in the order of `Date#getUTCDay`. */
export const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
export type DayName = (typeof DAY_NAMES)[number];

/** The bits of the named days (null: every day). */
export function daysMask(days: readonly DayName[] | null | undefined): number | null {
  if (!days || days.length === 0) return null;
  let mask = 0;
  for (const d of days) mask |= 1 << DAY_NAMES.indexOf(d);
  return mask;
}

/** The named days of a mask, Monday first (null: every day). */
export function dayNames(mask: number | null): DayName[] | null {
  if (mask === null) return null;
  return [1, 2, 3, 4, 5, 6, 0].filter((d) => (mask & (1 << d)) !== 0).map((d) => DAY_NAMES[d]!);
}

/**
 * Whether `at` falls on one of the campaign's days in the user's time zone (decision 327): "on
 * weekends" is the user's Saturday and Sunday, as a streak's days are the user's.
 */
export function onItsDays(c: Campaign, at: number, zone: string): boolean {
  if (c.days === null) return true;
  return (c.days & (1 << new Date(wallTime(at, zone)).getUTCDay())) !== 0;
}

/** (multiplier − 1) × base, rounded down, exactly (multipliers are decimals as written), plus the bonus. */
export function wantedFor(c: Campaign, base: number): number {
  const m = c.exactMultiplier;
  const one = 10n ** BigInt(m.scale);
  const extra = base > 0 && m.units > one ? Number(((m.units - one) * BigInt(base)) / one) : 0;
  return extra + c.bonus;
}

/** The exact decimal of a multiplier (1 for none). */
export function exactMultiplier(multiplier: number | undefined): Decimal {
  return parseDecimal(multiplier ?? 1) ?? { units: 1n, scale: 0 };
}

/**
 * The payouts of one event and the near misses, given the campaigns that matched it (any order).
 * Paid amounts are cut to what the budgets leave.
 */
export function decidePayouts(candidates: readonly CampaignCandidate[]): {
  paid: CampaignPayout[];
  missed: Array<{ campaign: Campaign; miss: CampaignMiss }>;
} {
  const missed: Array<{ campaign: Campaign; miss: CampaignMiss }> = [];
  const applying: CampaignCandidate[] = [];
  // The stage passes them in priority order already (its list is sorted): sort only when they are not.
  let ordered = true;
  for (let i = 1; i < candidates.length && ordered; i++) ordered = byPriority(candidates[i - 1]!.campaign, candidates[i]!.campaign) <= 0;
  for (const x of ordered ? candidates : [...candidates].sort((a, b) => byPriority(a.campaign, b.campaign))) {
    if (x.wanted <= 0) continue;
    if (!x.inWindow) missed.push({ campaign: x.campaign, miss: 'window' });
    else if (!x.inAudience) missed.push({ campaign: x.campaign, miss: 'audience' });
    else if (x.left <= 0) missed.push({ campaign: x.campaign, miss: 'budget' });
    else applying.push(x);
  }
  const exclusive = applying.find((x) => x.campaign.stacking === 'exclusive');
  const chosen = exclusive ? [exclusive] : applying;
  return { paid: chosen.map((x) => ({ campaign: x.campaign, points: Math.min(x.wanted, x.left) })), missed };
}
