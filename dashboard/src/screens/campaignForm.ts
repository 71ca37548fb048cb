import type { Campaign, CampaignStacking, Status } from '../api/types';
import { conditionsToBody, conditionsToForm, type ConditionsForm } from '../components/ConditionsEditor';
import { currencyField } from '../components/CurrencySelect';
import { compact, localInputToMs, msToLocalInput, numberField, text } from '../form';

/** A campaign as the form holds it (docs/campaigns.md): numbers and times as typed text, times in UTC. */
export interface CampaignForm {
  campaignId: string;
  title: string;
  status: Status;
  /** datetime-local values, read as UTC. */
  startAt: string;
  endAt: string;
  /** None chosen: every event. */
  eventIds: string[];
  conditions: ConditionsForm;
  multiplier: string;
  bonus: string;
  currency: string;
  budgetTotal: string;
  budgetPerUser: string;
  priority: string;
  stacking: CampaignStacking;
  /** Empty: everyone. */
  segmentId: string;
  /** The days of the week it pays on (decision 327); none: every day. */
  days: CampaignDay[];
}

/** A day of the week as the API names it. */
export type CampaignDay = NonNullable<Campaign['days']>[number];
/** Monday first, as the API answers them; each with the label the form and the list show. */
export const WEEK: ReadonlyArray<{ day: CampaignDay; label: string; name: string }> = [
  { day: 'MON', label: 'Mon', name: 'Monday' },
  { day: 'TUE', label: 'Tue', name: 'Tuesday' },
  { day: 'WED', label: 'Wed', name: 'Wednesday' },
  { day: 'THU', label: 'Thu', name: 'Thursday' },
  { day: 'FRI', label: 'Fri', name: 'Friday' },
  { day: 'SAT', label: 'Sat', name: 'Saturday' },
  { day: 'SUN', label: 'Sun', name: 'Sunday' },
];

/** "Sat, Sun"; "every day" when none (or all seven) are named. */
export function daysText(days: Campaign['days'] | undefined): string {
  const named = WEEK.filter((d) => days?.includes(d.day));
  return named.length === 0 || named.length === 7 ? 'every day' : named.map((d) => d.label).join(', ');
}

const DAY = 86_400_000;

/** A new campaign: from the next whole hour for a week, double points, stacking, priority 0. */
export function blankCampaign(now = Date.now()): CampaignForm {
  const start = Math.ceil(now / 3_600_000) * 3_600_000;
  return {
    campaignId: '',
    title: '',
    status: 'ACTIVE',
    startAt: msToLocalInput(start),
    endAt: msToLocalInput(start + 7 * DAY),
    eventIds: [],
    conditions: { type: 'AND', rows: [] },
    multiplier: '2',
    bonus: '',
    currency: 'points',
    budgetTotal: '',
    budgetPerUser: '',
    priority: '0',
    stacking: 'stack',
    segmentId: '',
    days: [],
  };
}

export function campaignToForm(c: Campaign): CampaignForm {
  return {
    campaignId: c.campaignId,
    title: c.title,
    status: c.status ?? 'ACTIVE',
    startAt: msToLocalInput(c.startAt),
    endAt: msToLocalInput(c.endAt),
    eventIds: c.eventIds ?? [],
    conditions: conditionsToForm(c.conditions),
    // 1 is "no multiplier" on the wire (the answer always has one): the form leaves it empty.
    multiplier: c.effect.multiplier === 1 ? '' : text(c.effect.multiplier),
    bonus: c.effect.bonus === 0 ? '' : text(c.effect.bonus),
    currency: c.effect.currency || 'points',
    budgetTotal: text(c.budget.total),
    budgetPerUser: text(c.budget.perUser),
    priority: text(c.priority),
    stacking: c.stacking,
    segmentId: c.segmentId ?? '',
    days: c.days ?? [],
  };
}

/**
 * The body of POST/PUT /admin/campaign, and the `campaign` of a preview. Empty fields are left
 * out (a budget without caps is no budget); a typed non-number stays text so the API names the field.
 */
export function campaignToBody(f: CampaignForm): Record<string, unknown> {
  const budget = compact({ total: numberField(f.budgetTotal), perUser: numberField(f.budgetPerUser) });
  return compact({
    campaignId: f.campaignId.trim() || undefined,
    title: f.title.trim(),
    status: f.status,
    startAt: localInputToMs(f.startAt),
    endAt: localInputToMs(f.endAt),
    eventIds: f.eventIds.length > 0 ? f.eventIds : undefined,
    conditions: conditionsToBody(f.conditions),
    effect: compact({ multiplier: numberField(f.multiplier), bonus: numberField(f.bonus), currency: currencyField(f.currency) }),
    budget: Object.keys(budget).length > 0 ? budget : undefined,
    priority: numberField(f.priority),
    stacking: f.stacking,
    // Sent only when chosen: a server without segments knows no such field.
    segmentId: f.segmentId || undefined,
    // null (as absent): every day.
    days: f.days.length > 0 ? WEEK.filter((d) => f.days.includes(d.day)).map((d) => d.day) : null,
  });
}

/** The top-level body fields the form shows, so an API error naming one appears beside it. */
export const CAMPAIGN_FIELDS = [
  'campaignId',
  'title',
  'startAt',
  'endAt',
  'eventIds',
  'conditions',
  'effect',
  'budget',
  'priority',
  'stacking',
  'segmentId',
  'days',
];

/** "2× +50 xp", "+10", "1.5×" */
export function effectText(c: Pick<Campaign, 'effect'>): string {
  const parts = [
    ...(c.effect.multiplier > 1 ? [`${c.effect.multiplier}×`] : []),
    ...(c.effect.bonus > 0 ? [`+${c.effect.bonus.toLocaleString('en')}`] : []),
  ];
  const currency = c.effect.currency && c.effect.currency !== 'points' ? ` ${c.effect.currency}` : '';
  return `${parts.join(' ') || 'nothing'}${currency}`;
}

/** Where a campaign stands now: scheduled, running, ended, or inactive. */
export function campaignPhase(c: Pick<Campaign, 'status' | 'startAt' | 'endAt'>, now = Date.now()): string {
  if (c.status === 'INACTIVE') return 'inactive';
  if (now < c.startAt) return 'scheduled';
  if (now >= c.endAt) return 'ended';
  return 'running';
}

/** "1,200 of 100,000 spent (1 %)" ("… of 500 xp spent" in another currency); "no budget" without a total. */
export function budgetText(c: Pick<Campaign, 'spent' | 'remaining' | 'budget'> & Partial<Pick<Campaign, 'effect'>>): string {
  const unit = c.effect?.currency && c.effect.currency !== 'points' ? ` ${c.effect.currency}` : '';
  if (c.remaining === null) return c.spent > 0 ? `no budget (${c.spent.toLocaleString('en')}${unit} paid)` : 'no budget';
  const total = budgetTotal(c);
  const percent = total > 0 ? Math.floor((c.spent / total) * 100) : 100;
  return `${c.spent.toLocaleString('en')} of ${total.toLocaleString('en')}${unit} spent (${percent} %)`;
}

/** The total budget of a campaign that has one. */
export function budgetTotal(c: Pick<Campaign, 'spent' | 'remaining' | 'budget'>): number {
  return c.budget.total ?? c.spent + (c.remaining ?? 0);
}

/** The default preview period: the 30 days before now, as datetime-local values (UTC). */
export function lastThirtyDays(now = Date.now()): { from: string; to: string } {
  const to = Math.ceil(now / 60_000) * 60_000;
  return { from: msToLocalInput(to - 30 * DAY), to: msToLocalInput(to) };
}
