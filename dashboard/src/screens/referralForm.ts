import type { ApiError } from '../api/client';
import type { ReferralProgramme, ReferralProgrammeBody, Status } from '../api/types';
import { conditionsToBody, conditionsToForm, type ConditionsForm } from '../components/ConditionsEditor';
import { currencyField } from '../components/CurrencySelect';
import { compact, numberField, plainWords, text, type FieldErrors } from '../form';

/** The referral programme as the form holds it: numbers as typed text, empty cap fields: no cap. */
export interface ProgrammeForm {
  status: Status;
  eventId: string;
  conditions: ConditionsForm;
  withinDays: string;
  referrerPoints: string;
  referrerCurrency: string;
  refereePoints: string;
  refereeCurrency: string;
  perMonth: string;
  total: string;
  codeDays: string;
}

export function programmeToForm(p: ReferralProgramme): ProgrammeForm {
  return {
    status: p.status,
    eventId: p.qualifying.eventId,
    conditions: conditionsToForm(p.qualifying.conditions),
    withinDays: text(p.qualifying.withinDays),
    referrerPoints: text(p.referrerReward.points),
    referrerCurrency: p.referrerReward.currency,
    refereePoints: text(p.refereeReward.points),
    refereeCurrency: p.refereeReward.currency,
    perMonth: text(p.referrerCap.perMonth),
    total: text(p.referrerCap.total),
    codeDays: text(p.codeDays),
  };
}

/**
 * The body of PUT /admin/referral-programme. A number that is not one stays as typed, so the API
 * names the bad field (and the form shows the message beside it); `currency` is left out for points.
 */
export function programmeToBody(f: ProgrammeForm): ReferralProgrammeBody {
  const cap = compact({ perMonth: numberField(f.perMonth), total: numberField(f.total) });
  const reward = (points: string, currency: string) => compact({ points: numberField(points), currency: currencyField(currency) });
  return compact({
    status: f.status,
    qualifying: compact({ eventId: f.eventId.trim(), conditions: conditionsToBody(f.conditions), withinDays: numberField(f.withinDays) }),
    referrerReward: reward(f.referrerPoints, f.referrerCurrency),
    refereeReward: reward(f.refereePoints, f.refereeCurrency),
    referrerCap: Object.keys(cap).length ? cap : undefined,
    codeDays: numberField(f.codeDays),
  }) as ReferralProgrammeBody;
}

/** The fields of the form an error can stand beside: top-level ones and the nested ones of the body. */
export const PROGRAMME_FIELDS = [
  'status',
  'qualifying/eventId',
  'qualifying/conditions',
  'qualifying/withinDays',
  'referrerReward/points',
  'referrerReward/currency',
  'refereeReward/points',
  'refereeReward/currency',
  'referrerCap/perMonth',
  'referrerCap/total',
  'codeDays',
] as const;
export type ProgrammeField = (typeof PROGRAMME_FIELDS)[number];

/**
 * Where a refusal of PUT /admin/referral-programme goes: beside the field its validation message
 * names ("body/qualifying/withinDays must be >= 1"), UNKNOWN_EVENT beside the event, UNKNOWN_CURRENCY
 * beside the reward whose currency it names; anything else in the banner.
 */
export function placeProgrammeError(err: ApiError, f: ProgrammeForm): { fieldErrors: FieldErrors; banner: ApiError | null } {
  const one = (field: ProgrammeField, message: string) => ({ fieldErrors: { [field]: message }, banner: null });
  if (err.code === 'UNKNOWN_EVENT') return one('qualifying/eventId', err.message);
  if (err.code === 'UNKNOWN_CURRENCY') {
    const named = (c: string) => c !== '' && new RegExp(`\\b${c.replace(/[^A-Za-z0-9_-]/g, '')}\\b`).test(err.message);
    if (named(f.referrerCurrency)) return one('referrerReward/currency', err.message);
    if (named(f.refereeCurrency)) return one('refereeReward/currency', err.message);
    return { fieldErrors: {}, banner: err };
  }
  const path = /^body\/([A-Za-z0-9_]+(?:\/[A-Za-z0-9_]+)?)/.exec(err.message)?.[1];
  const required = /^body(?:\/([A-Za-z0-9_]+))? must have required property '([^']+)'/.exec(err.message);
  const candidates = [required ? [required[1], required[2]].filter(Boolean).join('/') : undefined, path, path?.split('/')[0]];
  for (const c of candidates) {
    const field = PROGRAMME_FIELDS.find((x) => x === c || (c !== undefined && x.startsWith(`${c}/`)));
    if (field) return one(field, plainWords(err.message));
  }
  return { fieldErrors: {}, banner: err };
}
