import { AppError } from '../../http/errors.js';
import type { EventDefinition } from './events.schemas.js';

/**
 * The points of one occurrence (pure). FIXED and CONDITIONAL pay the reward; TRANSACTION pays
 * floor(metadata[rewardValueField] × reward). The reward is the highest among the user groups
 * named in metadata.usergroup that have one, else `default`; maximumReward caps the result.
 */
export interface RewardDecision {
  points: number;
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
    points = Math.floor(transactionValue(definition, metadata) * rate);
  }
  points = Math.floor(points);
  if (definition.maximumReward !== null) points = Math.min(points, Math.floor(definition.maximumReward));
  return { points: Math.max(0, points), userGroupId };
}

export function transactionValue(definition: EventDefinition, metadata: Record<string, unknown>): number {
  const field = definition.rewardValueField ?? '';
  const raw = metadata[field];
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(value) || value < 0) {
    throw AppError.badRequest(`metadata.${field} must be a non-negative number for a TRANSACTION event`, 'INVALID_METADATA');
  }
  return value;
}

/** The userGroupIds named in metadata.usergroup (a string or an array of strings), without `default`. */
export function userGroupsOf(metadata: Record<string, unknown>): string[] {
  const raw = metadata.usergroup;
  const list = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : [];
  return [...new Set(list)].filter((g) => g !== 'default' && g !== '');
}
