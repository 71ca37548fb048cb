import { randomBytes } from 'node:crypto';
import type { Conditions } from '../events/index.js';
import type { ReferralProgramme, ReferralProgrammeBody } from './referrals.schemas.js';

/**
 * The programme's rules as the write path uses them (pure). One programme per project; a project
 * that never set one has an INACTIVE programme: codes can be read, none can be entered.
 */
export interface Programme {
  active: boolean;
  eventId: string;
  conditions: Conditions | null;
  withinDays: number;
  referrerReward: { points: number; currency: string };
  refereeReward: { points: number; currency: string };
  perMonth: number | null;
  total: number | null;
  codeDays: number;
  updatedAt: number | null;
}

export const DAY_MS = 86_400_000;

export const NO_PROGRAMME: Programme = {
  active: false,
  eventId: 'purchase',
  conditions: null,
  withinDays: 30,
  referrerReward: { points: 0, currency: 'points' },
  refereeReward: { points: 0, currency: 'points' },
  perMonth: null,
  total: null,
  codeDays: 30,
  updatedAt: null,
};

export function programmeOf(body: ReferralProgrammeBody, updatedAt: number): Programme {
  return {
    active: body.status === 'ACTIVE',
    eventId: body.qualifying.eventId,
    conditions: body.qualifying.conditions ?? null,
    withinDays: body.qualifying.withinDays,
    referrerReward: { points: body.referrerReward.points, currency: body.referrerReward.currency ?? 'points' },
    refereeReward: { points: body.refereeReward.points, currency: body.refereeReward.currency ?? 'points' },
    perMonth: body.referrerCap?.perMonth ?? null,
    total: body.referrerCap?.total ?? null,
    codeDays: body.codeDays,
    updatedAt,
  };
}

export function programmeView(p: Programme): ReferralProgramme {
  return {
    status: p.active ? 'ACTIVE' : 'INACTIVE',
    qualifying: { eventId: p.eventId, conditions: p.conditions, withinDays: p.withinDays },
    referrerReward: p.referrerReward,
    refereeReward: p.refereeReward,
    referrerCap: { perMonth: p.perMonth, total: p.total },
    codeDays: p.codeDays,
    updatedAt: p.updatedAt,
  };
}

/** Whether a referrer that has been paid `month` referrals this month and `total` in all may be paid another. */
export function underCap(p: Programme, paid: { month: number; total: number }): boolean {
  return (p.perMonth === null || paid.month < p.perMonth) && (p.total === null || paid.total < p.total);
}

/** Which cap a referrer is over, for the event log ("monthly cap 3"). */
export function capReason(p: Programme, paid: { month: number; total: number }): string {
  return p.perMonth !== null && paid.month >= p.perMonth ? `monthly cap ${p.perMonth}` : `total cap ${p.total ?? 0}`;
}

/** Letters and digits that cannot be mistaken for each other (no 0/O, 1/I/L). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_LENGTH = 8;

/** A new code: 8 of the alphabet's 31 signs (about 8.5 × 10^11 codes). */
export function newCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  let out = '';
  for (let i = 0; i < CODE_LENGTH; i++) out += CODE_ALPHABET[bytes[i]! % CODE_ALPHABET.length];
  return out;
}

/** A code as entered: case and surrounding spaces do not matter. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}
