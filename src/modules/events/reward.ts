import { AppError } from '../../http/errors.js';
import { assertPointsInRange } from '../points/index.js';
import type { EventDefinition } from './events.schemas.js';
import { floorProduct, parseDecimal, type Decimal } from './exact-decimal.js';

/**
 * The points of one occurrence (pure). FIXED and CONDITIONAL pay the reward; TRANSACTION pays
 * floor(metadata[rewardValueField] × reward). The reward is the highest among the user groups
 * named in metadata.usergroup that have one, else `default`; maximumReward caps the result.
 */
export interface RewardDecision {
  points: number;
  /** The points before maximumReward (a tier multiplier applies to these, then the cap). */
  uncapped: number;
  /** The reward key that applied: `default` or a userGroupId. */
  userGroupId: string;
}

export function rewardRate(reward: Record<string, number>, userGroups: string[]): { rate: number; userGroupId: string } {
  let best: { rate: number; userGroupId: string } | null = null;
  for (const group of userGroups) {
    const rate = reward[group];
    if (group !== 'default' && typeof rate === 'number' && (best === null || rate > best.rate)) best = { rate, userGroupId: group };
  }
  return best ?? { rate: reward.default ?? 0, userGroupId: 'default' };
}

/** Throws 400 when a TRANSACTION event lacks a usable value (the field is checked before any write). */
export function computeReward(definition: EventDefinition, metadata: Record<string, unknown>, userGroups: string[]): RewardDecision {
  const { rate, userGroupId } = rewardRate(definition.reward, userGroups);
  let points = rate;
  if (definition.type === 'TRANSACTION') {
    points = transactionPoints(transactionValue(definition, metadata), rate);
  }
  const uncapped = Math.max(0, Math.floor(points));
  points = capReward(uncapped, definition.maximumReward);
  assertPointsInRange(points, 'The reward of this event');
  return { points, uncapped, userGroupId };
}

/** A reward in another currency (decision 302), decided like the points reward. */
export interface CurrencyReward {
  currency: string;
  points: number;
  /** Before maximumRewards[currency] (a tier multiplier applies to these, then the cap). */
  uncapped: number;
}

const NO_REWARDS: CurrencyReward[] = [];

/** The rewards of one occurrence in the definition's other currencies (none for most definitions). */
export function computeCurrencyRewards(
  definition: EventDefinition,
  metadata: Record<string, unknown>,
  userGroups: string[],
): CurrencyReward[] {
  if (definition.currencyRewards === undefined) return NO_REWARDS;
  const entries = Object.entries(definition.currencyRewards);
  const value = definition.type === 'TRANSACTION' ? transactionValue(definition, metadata) : null;
  return entries.map(([currency, reward]) => {
    const { rate } = rewardRate(reward, userGroups);
    const uncapped = Math.max(0, Math.floor(value === null ? rate : transactionPoints(value, rate)));
    const points = capReward(uncapped, definition.maximumRewards?.[currency] ?? null);
    assertPointsInRange(points, `The ${currency} reward of this event`);
    return { currency, points, uncapped };
  });
}

/** maximumReward caps the points of one occurrence (null: no cap). */
export function capReward(points: number, maximumReward: number | null): number {
  return Math.max(0, maximumReward === null ? points : Math.min(points, Math.floor(maximumReward)));
}

/**
 * The reward of a user in a tier: floor(points × multiplier), then maximumReward. Throws
 * POINTS_OUT_OF_RANGE (400) for a result beyond the safe range, before anything is written.
 */
export function tieredReward(uncapped: number, multiplier: number, maximumReward: number | null): number {
  const points = capReward(Math.floor(uncapped * multiplier), maximumReward);
  assertPointsInRange(points, 'The reward of this event');
  return points;
}

/** The value of a TRANSACTION event's rewardValueField, as the decimal written (decision 190). */
export function transactionValue(definition: EventDefinition, metadata: Record<string, unknown>): Decimal {
  const field = definition.rewardValueField ?? '';
  const raw = metadata[field];
  const value = typeof raw === 'number' || typeof raw === 'string' ? parseDecimal(raw) : null;
  if (value === null || value.units < 0n) {
    throw AppError.of('INVALID_METADATA', `metadata.${field} must be a non-negative number for a TRANSACTION event`);
  }
  return value;
}

/**
 * floor(value × rate), exact on the decimals as written: floor(19.99 × 100) = 1999. Whole values
 * and rates (most events) stay on plain numbers; anything else goes through BigInt.
 */
export function transactionPoints(value: Decimal, rate: number): number {
  if (value.scale === 0 && Number.isInteger(rate)) return Number(value.units) * rate;
  const exactRate = parseDecimal(rate);
  return exactRate === null ? 0 : floorProduct(value, exactRate);
}

/** The userGroupIds named in metadata.usergroup (a string or an array of strings), without `default`. */
export function userGroupsOf(metadata: Record<string, unknown>): string[] {
  const raw = metadata.usergroup;
  const list = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : [];
  return [...new Set(list)].filter((g) => g !== 'default' && g !== '');
}
