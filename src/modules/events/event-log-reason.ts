import { conditionHolds } from './conditions.js';
import type { Condition, Conditions, EventDefinition, LimitPeriod } from './events.schemas.js';
import type { PipelineOutcome } from './pipeline.js';

/**
 * The reasons of the event log, sentences an operator understands (pure): which condition failed
 * and with what value, which limit was reached. Made only for events that earned nothing, so an
 * awarded event costs no text at all (its reason is made when the log is read).
 */

const SYMBOLS: Record<Condition['operator'], string> = {
  equals: '=',
  not_equals: '≠',
  greater_than: '>',
  greater_than_or_equal: '≥',
  less_than: '<',
  less_than_or_equal: '≤',
  contains: 'contains',
  in: 'in',
  exists: 'exists',
};

const PERIODS: Record<LimitPeriod, string> = { daily: 'per day', weekly: 'per week', monthly: 'per month', lifetime: 'in total' };

/** A value as it appears in a reason: strings quoted, lists in brackets, long ones cut. */
function shown(value: unknown): string {
  const text = Array.isArray(value) ? `[${value.map(shown).join(', ')}]` : typeof value === 'string' ? `"${value}"` : String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** `amount ≥ 50 (got 10)`, `coupon exists (missing)`. */
function described(c: Condition, metadata: Record<string, unknown>): string {
  const present = Object.prototype.hasOwnProperty.call(metadata, c.field) && metadata[c.field] !== null;
  if (c.operator === 'exists')
    return c.value === false ? `${c.field} absent (got ${shown(metadata[c.field])})` : `${c.field} exists (missing)`;
  const got = present ? `got ${shown(metadata[c.field])}` : 'missing';
  return `${c.field} ${SYMBOLS[c.operator]} ${shown(c.value)} (${got})`;
}

/**
 * Why the conditions of an event did not hold: the first failing condition of an AND
 * ("condition amount ≥ 50 failed: got 10"), every condition of an OR.
 */
export function conditionFailure(conditions: Conditions | null, metadata: Record<string, unknown>): string {
  const list = conditions?.conditions ?? [];
  if (conditions?.type === 'OR') return `no condition held: ${list.map((c) => described(c, metadata)).join(', ')}`;
  const failed = list.find((c) => !conditionHolds(c, metadata));
  if (!failed) return 'conditions failed';
  const text = described(failed, metadata);
  // "amount ≥ 50 (got 10)" → "condition amount ≥ 50 failed: got 10"
  const open = text.lastIndexOf(' (');
  return `condition ${text.slice(0, open)} failed: ${text.slice(open + 2, -1)}`;
}

/** "limit 1 per day reached", "limit 3 in total reached". */
export function limitReason(def: Pick<EventDefinition, 'limit' | 'limitPeriod'>): string {
  return `limit ${def.limit ?? 0} ${PERIODS[def.limitPeriod]} reached`;
}

/** The reason of an awarded entry, made when the log is read. */
export function awardedReason(points: number): string {
  return points === 1 ? '1 point awarded' : `${points} points awarded`;
}

const MISSES = { window: 'outside its window', budget: 'its budget is spent', audience: 'the user is not in its segment' } as const;

/** An awarded event's reason when campaigns paid it or nearly did (decision 316): `10 points awarded; campaign x +10 points; …`. */
export function campaignReason(points: number, outcome: Pick<PipelineOutcome, 'campaigns' | 'campaignMisses'>): string {
  const paid = outcome.campaigns.map((c) => `campaign ${c.campaignId} +${c.points} ${c.currency}`);
  const missed = outcome.campaignMisses.map((m) => `campaign ${m.campaignId} did not apply: ${MISSES[m.reason]}`);
  return [awardedReason(points), ...paid, ...missed].join('; ');
}
