import { OPERATORS, type Segment, type SegmentMatch, type SegmentMembers, type Status } from '../api/types';
import { conditionValue, type ConditionRow } from '../components/ConditionsEditor';
import { compact } from '../form';

/** A segment as the form holds it: rule values as typed text (as the conditions editor does). */
export interface SegmentForm {
  segmentId: string;
  title: string;
  match: SegmentMatch;
  rules: ConditionRow[];
  /** Segments have no status; the form keeps one only because every resource form does (never sent). */
  status: Status;
}

/**
 * The fields a rule may read, as the segment form suggests them (docs/campaigns.md, Segments):
 * the ones ending in a dot take a currency, an event id and a number of days, or an attribute key.
 */
export const SEGMENT_FIELDS: ReadonlyArray<{ field: string; means: string }> = [
  { field: 'tier', means: 'the tier id' },
  { field: 'group', means: 'a user group the user’s events named' },
  { field: 'balance.points', means: 'balance of a currency (balance.<currency>)' },
  { field: 'lifetime.points', means: 'lifetime earnings of a currency (lifetime.<currency>)' },
  { field: 'daysSinceActive', means: 'days since the last event' },
  { field: 'daysSinceJoined', means: 'days since the user was created' },
  { field: 'events.purchase.30d', means: 'events of an id in the last N days (events.<eventId>.<N>d)' },
  { field: 'attributes.plan', means: 'a user attribute (attributes.<key>)' },
];

/** Suggestions for the rule field: the fixed ones, and one per currency and per event. */
export function fieldSuggestions(currencies: string[], eventIds: string[]): string[] {
  return [
    'tier',
    'group',
    ...currencies.flatMap((c) => [`balance.${c}`, `lifetime.${c}`]),
    'daysSinceActive',
    'daysSinceJoined',
    ...eventIds.map((e) => `events.${e}.30d`),
    'attributes.',
  ];
}

export function blankSegment(): SegmentForm {
  return { segmentId: '', title: '', match: 'all', rules: [{ field: 'tier', operator: 'equals', value: '' }], status: 'ACTIVE' };
}

export function segmentToForm(s: Segment): SegmentForm {
  return {
    segmentId: s.segmentId,
    title: s.title,
    match: s.match === 'any' ? 'any' : 'all',
    rules: s.rules.map((r) => ({
      field: r.field,
      operator: OPERATORS.find((o) => o === r.operator) ?? 'equals',
      value: Array.isArray(r.value) ? r.value.join(', ') : r.value === undefined || r.value === null ? '' : String(r.value),
    })),
    status: 'ACTIVE',
  };
}

/** POST/PUT /admin/segment: rule values typed as the conditions editor types them ("in" a list, numbers, true/false). */
export function segmentToBody(f: SegmentForm): Record<string, unknown> {
  return compact({
    segmentId: f.segmentId.trim() || undefined,
    title: f.title.trim(),
    match: f.match,
    rules: f.rules.map((r) => compact({ field: r.field.trim(), operator: r.operator, value: conditionValue(r.operator, r.value) })),
  });
}

/** "tier = gold and balance.points ≥ 100" */
export function rulesText(s: Pick<Segment, 'match' | 'rules'>): string {
  const symbols: Record<string, string> = {
    equals: '=',
    not_equals: '≠',
    greater_than: '>',
    greater_than_or_equal: '≥',
    less_than: '<',
    less_than_or_equal: '≤',
    contains: 'contains',
    in: 'in',
  };
  const joiner = s.match === 'any' ? ' or ' : ' and ';
  return (
    s.rules
      .map((r) =>
        r.operator === 'exists'
          ? `${r.field} is present`
          : `${r.field} ${symbols[r.operator] ?? r.operator} ${Array.isArray(r.value) ? r.value.join(', ') : String(r.value)}`,
      )
      .join(joiner) || 'everyone'
  );
}

/** One page of GET /admin/segment/{id}/users as the members list reads it: the ids and the next cursor. */
export function membersPage(page: SegmentMembers): { rows: string[]; nextCursor: string | null } {
  return { rows: page.userIds, nextCursor: page.nextCursor };
}
