import type { EventDefinition, EventType, LimitPeriod, MetadataField, Status } from '../api/types';
import { conditionsToBody, conditionsToForm, type ConditionsForm } from '../components/ConditionsEditor';
import { compact, numberField, text } from '../form';
import * as currencies from './EventCurrencyRewards';

/** The form of an event definition and the body it sends (the screen is Events.tsx). */
export interface EventForm {
  eventId: string;
  title: string;
  description: string;
  type: EventType;
  status: Status;
  rewardDefault: string;
  groupRewards: Array<{ groupId: string; points: string }>;
  rewardValueField: string;
  limit: string;
  limitPeriod: LimitPeriod;
  maximumReward: string;
  conditions: ConditionsForm;
  metadataFields: MetadataField[];
  requiresApiKey: boolean;
  image: string;
  /** Days the points are held pending (empty: 0, available at once). */
  pendingDays: string;
  currencyRewards: currencies.CurrencyRewardRow[];
}

export function blankEvent(): EventForm {
  return {
    eventId: '',
    title: '',
    description: '',
    type: 'FIXED',
    status: 'ACTIVE',
    rewardDefault: '10',
    groupRewards: [],
    rewardValueField: '',
    limit: '',
    limitPeriod: 'daily',
    maximumReward: '',
    conditions: { type: 'AND', rows: [] },
    metadataFields: [],
    requiresApiKey: false,
    image: '',
    pendingDays: '',
    currencyRewards: [],
  };
}

export function eventToForm(e: EventDefinition): EventForm {
  const { default: rewardDefault, ...groups } = e.reward ?? {};
  return {
    eventId: e.eventId,
    title: e.title ?? '',
    description: e.description ?? '',
    type: e.type ?? 'FIXED',
    status: e.status ?? 'ACTIVE',
    rewardDefault: text(rewardDefault),
    groupRewards: Object.entries(groups).map(([groupId, points]) => ({ groupId, points: text(points) })),
    rewardValueField: e.rewardValueField ?? '',
    limit: text(e.limit),
    limitPeriod: e.limitPeriod ?? 'daily',
    maximumReward: text(e.maximumReward),
    conditions: conditionsToForm(e.conditions),
    metadataFields: e.metadataFields ?? [],
    requiresApiKey: e.requiresApiKey ?? false,
    image: e.image ?? '',
    pendingDays: e.pendingDays ? String(e.pendingDays) : '',
    currencyRewards: currencies.currencyRewardsToForm(e),
  };
}

/** The body of POST/PUT /admin/event; optional fields left empty are omitted. */
export function eventToBody(f: EventForm): Record<string, unknown> {
  const reward: Record<string, unknown> = { default: numberField(f.rewardDefault) ?? 0 };
  for (const g of f.groupRewards) if (g.groupId.trim() !== '') reward[g.groupId.trim()] = numberField(g.points) ?? 0;
  return compact({
    eventId: f.eventId.trim() || undefined,
    title: f.title,
    description: f.description || undefined,
    type: f.type,
    status: f.status,
    reward,
    rewardValueField: f.type === 'TRANSACTION' ? f.rewardValueField.trim() || undefined : undefined,
    limit: numberField(f.limit),
    limitPeriod: f.limitPeriod,
    maximumReward: numberField(f.maximumReward),
    conditions: conditionsToBody(f.conditions),
    metadataFields: f.metadataFields.length ? f.metadataFields.map((m) => ({ ...m, key: m.key.trim() })) : undefined,
    requiresApiKey: f.requiresApiKey,
    image: f.image.trim() || undefined,
    pendingDays: numberField(f.pendingDays) || undefined,
    ...currencies.currencyRewardsToBody(f.currencyRewards),
  });
}

/** One sentence an operator can check the definition against. */
export function describeEvent(f: EventForm): string {
  const base =
    f.type === 'TRANSACTION'
      ? `${f.rewardDefault || 0} points per unit of “${f.rewardValueField || '?'}”`
      : `${f.rewardDefault || 0} points`;
  const groups = f.groupRewards.filter((g) => g.groupId).map((g) => `${g.groupId}: ${g.points || 0}`);
  const cap = f.maximumReward ? `, at most ${f.maximumReward} per event` : '';
  const limit = f.limit
    ? `; counts ${f.limit}× ` +
      `${f.limitPeriod === 'lifetime' ? 'per user in total' : `per ${f.limitPeriod.replace('ly', '').replace('dai', 'day')}`}`
    : '; no limit';
  const n = f.conditions.rows.length;
  const cond =
    n === 0
      ? ''
      : n === 1
        ? ', only when its condition holds'
        : `, only when ${f.conditions.type === 'AND' ? `all ${n}` : `one of ${n}`} conditions hold`;
  const others = currencies.describeCurrencyRewards(f.currencyRewards, f.type === 'TRANSACTION');
  return `Awards ${base}${groups.length ? ` (groups — ${groups.join(', ')})` : ''}${cap}${others}${cond}${limit}.`;
}
