import { AppError } from '../../platform/errors.js';
import { conditionsHold } from '../events/index.js';

/**
 * Segment rules (pure; decision 318): what a field names, whether a rule is well formed, and whether
 * a user's facts meet it. Operators are the event conditions' and are evaluated by them
 * (conditionHolds): a fact that is not there fails every operator but `exists: false`.
 */

export type Operator =
  'equals' | 'not_equals' | 'greater_than' | 'greater_than_or_equal' | 'less_than' | 'less_than_or_equal' | 'contains' | 'in' | 'exists';

export interface SegmentRule {
  field: string;
  operator: Operator;
  value?: string | number | boolean | Array<string | number>;
}

export interface Segment {
  segmentId: string;
  title: string;
  match: 'all' | 'any';
  rules: SegmentRule[];
  createdAt: number;
  updatedAt: number;
}

/** A field, parsed. */
export type SegmentField =
  | { kind: 'tier' }
  | { kind: 'group' }
  | { kind: 'balance'; currency: string }
  | { kind: 'lifetime'; currency: string }
  | { kind: 'daysSinceActive' }
  | { kind: 'daysSinceJoined' }
  | { kind: 'events'; eventId: string; days: number }
  | { kind: 'attribute'; key: string };

/** What a segment's rules may read of one user at one moment (only what its rules name is filled in). */
export interface UserFacts {
  tierId: string | null;
  groups: ReadonlySet<string>;
  /** Balance and lifetime earnings per currency (`points` included). */
  balance: ReadonlyMap<string, number>;
  lifetime: ReadonlyMap<string, number>;
  createdAt: number;
  lastActiveAt: number | null;
  /** The occurred_at of the user's stored events, per eventId. */
  eventTimes: ReadonlyMap<string, readonly number[]>;
  attributes: Readonly<Record<string, unknown>>;
}

export const MAX_RULES = 20;
export const MAX_EVENT_DAYS = 365;
const DAY_MS = 86_400_000;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const ATTRIBUTE_KEY = /^[A-Za-z0-9_-]{1,64}$/;
const EVENT_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The field's meaning, or null for a shape segments do not know. */
export function parseField(field: string): SegmentField | null {
  if (field === 'tier' || field === 'group' || field === 'daysSinceActive' || field === 'daysSinceJoined') return { kind: field };
  const dot = field.indexOf('.');
  if (dot < 0) return null;
  const head = field.slice(0, dot);
  const rest = field.slice(dot + 1);
  if ((head === 'balance' || head === 'lifetime') && ID.test(rest)) return { kind: head, currency: rest };
  if (head === 'attributes' && ATTRIBUTE_KEY.test(rest)) return { kind: 'attribute', key: rest };
  if (head === 'events') {
    const m = /^(.+)\.([1-9][0-9]{0,2})d$/.exec(rest);
    if (!m || !EVENT_ID.test(m[1]!)) return null;
    const days = Number(m[2]);
    return days >= 1 && days <= MAX_EVENT_DAYS ? { kind: 'events', eventId: m[1]!, days } : null;
  }
  return null;
}

const NUMERIC: ReadonlySet<Operator> = new Set([
  'equals',
  'not_equals',
  'greater_than',
  'greater_than_or_equal',
  'less_than',
  'less_than_or_equal',
  'in',
  'exists',
]);
const NAMES: ReadonlySet<Operator> = new Set(['equals', 'not_equals', 'in', 'exists']);

function invalid(i: number, text: string): AppError {
  return AppError.of('INVALID_SEGMENT_RULE', `rules[${i}]: ${text}`);
}

/** Checks one rule (its index for the message); returns its field parsed. Throws 400 INVALID_SEGMENT_FIELD / _RULE. */
export function checkRule(rule: SegmentRule, i: number): SegmentField {
  const field = parseField(rule.field);
  if (!field) {
    throw AppError.of(
      'INVALID_SEGMENT_FIELD',
      `rules[${i}].field ${JSON.stringify(rule.field)} is none of tier, group, balance.<currencyId>, lifetime.<currencyId>, ` +
        'daysSinceActive, daysSinceJoined, events.<eventId>.<N>d (N 1–365), attributes.<key>',
    );
  }
  const { operator: op, value } = rule;
  if (op === 'exists') {
    if (value !== undefined && typeof value !== 'boolean') throw invalid(i, 'exists takes true or false (or no value)');
    return field;
  }
  if (value === undefined) throw invalid(i, `${op} needs a value`);
  if (op === 'in' && !Array.isArray(value)) throw invalid(i, 'in takes a list of values');
  if (op !== 'in' && op !== 'contains' && Array.isArray(value)) throw invalid(i, `${op} takes one value, not a list`);
  const values = Array.isArray(value) ? value : [value];
  switch (field.kind) {
    case 'balance':
    case 'lifetime':
    case 'daysSinceActive':
    case 'daysSinceJoined':
    case 'events':
      if (!NUMERIC.has(op)) throw invalid(i, `${rule.field} is a number: ${op} does not apply`);
      if (values.some((v) => typeof v !== 'number')) throw invalid(i, `${rule.field} is a number: the value must be a number`);
      break;
    case 'tier':
      if (!NAMES.has(op)) throw invalid(i, `tier takes equals, not_equals, in or exists, not ${op}`);
      if (values.some((v) => typeof v !== 'string')) throw invalid(i, 'tier is compared with tier ids (strings)');
      break;
    case 'group':
      if (!NAMES.has(op) && op !== 'contains') throw invalid(i, `group takes equals, not_equals, contains, in or exists, not ${op}`);
      if (values.some((v) => typeof v !== 'string')) throw invalid(i, 'group is compared with user group ids (strings)');
      break;
    case 'attribute':
      break;
  }
  return field;
}

/** Checks a segment's rules (1–MAX_RULES of them). */
export function checkRules(rules: readonly SegmentRule[]): SegmentField[] {
  if (rules.length === 0 || rules.length > MAX_RULES) throw AppError.of('INVALID_SEGMENT_RULE', `a segment has 1 to ${MAX_RULES} rules`);
  return rules.map((r, i) => checkRule(r, i));
}

/** An ISO 8601 date or date-time (what an attribute date is, decision 315): its time, else null. */
function dateTime(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return null;
  const t = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isFinite(t) ? t : null;
}

/**
 * Number of the user's events of `eventId` in the `days` days up to `at`: [at − days, at]. At event time
 * the facts hold only what came before the event (its own is added after), also an earlier event of the
 * same millisecond.
 */
function eventsIn(facts: UserFacts, eventId: string, days: number, at: number): number {
  const from = at - days * DAY_MS;
  let n = 0;
  for (const t of facts.eventTimes.get(eventId) ?? []) if (t >= from && t <= at) n++;
  return n;
}

/** The value a field has for the user at `at` (undefined: the user has none). */
export function factOf(field: SegmentField, facts: UserFacts, at: number): unknown {
  switch (field.kind) {
    case 'tier':
      return facts.tierId ?? undefined;
    case 'group':
      return [...facts.groups];
    case 'balance':
      return facts.balance.get(field.currency) ?? 0;
    case 'lifetime':
      return facts.lifetime.get(field.currency) ?? 0;
    case 'daysSinceActive':
      return facts.lastActiveAt === null ? undefined : Math.floor(Math.max(0, at - facts.lastActiveAt) / DAY_MS);
    case 'daysSinceJoined':
      return Math.floor(Math.max(0, at - facts.createdAt) / DAY_MS);
    case 'events':
      return eventsIn(facts, field.eventId, field.days, at);
    case 'attribute':
      // Own keys only: `attributes.constructor` is a key like any other, not the object's prototype.
      return Object.prototype.hasOwnProperty.call(facts.attributes, field.key) ? facts.attributes[field.key] : undefined;
  }
}

/** Whether one rule holds for the user's facts at `at`. */
export function ruleHolds(rule: SegmentRule, field: SegmentField, facts: UserFacts, at: number): boolean {
  let actual = factOf(field, facts, at);
  let value = rule.value;
  if (field.kind === 'group') {
    const groups = actual as string[];
    if (rule.operator === 'exists') return (value === false) === (groups.length === 0);
    const wanted = (Array.isArray(value) ? value : [value]).map(String);
    const member = wanted.some((g) => groups.includes(g));
    return rule.operator === 'not_equals' ? !member : member;
  }
  if (field.kind === 'attribute' && value !== undefined && !Array.isArray(value)) {
    // A date-valued attribute is compared as a time when the rule's value is a date (decision 315).
    const ruleTime = dateTime(value);
    const userTime = dateTime(actual);
    if (ruleTime !== null && userTime !== null) {
      actual = userTime;
      value = ruleTime;
    }
  }
  const condition = { field: 'v', operator: rule.operator, ...(value === undefined ? {} : { value }) };
  return conditionsHold({ type: 'AND', conditions: [condition] }, actual === undefined ? {} : { v: actual });
}

/** Whether the user is in the segment at `at`: all (or any) of its rules hold. */
export function isMember(segment: Segment, facts: UserFacts, at: number): boolean {
  const fields = fieldsOf(segment);
  const any = segment.match === 'any';
  // Rules are pure: the first that decides ends the walk ("any": one holds; "all": one fails).
  for (let i = 0; i < segment.rules.length; i++) {
    const field = fields[i]!;
    const holds = field !== null && ruleHolds(segment.rules[i]!, field, facts, at);
    if (holds === any) return any;
  }
  return !any;
}

/** The parsed fields of a segment's rules, once per segment object (segments are cached; a changed one is a new object). */
const parsedFields = new WeakMap<Segment, Array<SegmentField | null>>();

function fieldsOf(segment: Segment): Array<SegmentField | null> {
  let fields = parsedFields.get(segment);
  if (!fields) parsedFields.set(segment, (fields = segment.rules.map((r) => parseField(r.field))));
  return fields;
}

/** What the rules of some segments need loaded. */
export interface Needs {
  tier: boolean;
  groups: boolean;
  user: boolean;
  balances: Set<string>;
  lifetimes: Set<string>;
  /** eventId → the longest window asked, in days. */
  events: Map<string, number>;
}

export function needsOf(segments: Iterable<Segment>): Needs {
  const n: Needs = { tier: false, groups: false, user: false, balances: new Set(), lifetimes: new Set(), events: new Map() };
  for (const s of segments) {
    for (const r of s.rules) {
      const f = parseField(r.field);
      if (!f) continue;
      if (f.kind === 'tier') n.tier = true;
      else if (f.kind === 'group') n.groups = true;
      else if (f.kind === 'balance') n.balances.add(f.currency);
      else if (f.kind === 'lifetime') n.lifetimes.add(f.currency);
      else if (f.kind === 'events') n.events.set(f.eventId, Math.max(f.days, n.events.get(f.eventId) ?? 0));
      else n.user = true;
    }
  }
  return n;
}

export function emptyFacts(): UserFacts {
  return {
    tierId: null,
    groups: new Set(),
    balance: new Map(),
    lifetime: new Map(),
    createdAt: 0,
    lastActiveAt: null,
    eventTimes: new Map(),
    attributes: {},
  };
}
