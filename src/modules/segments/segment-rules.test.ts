import { describe, expect, it } from 'vitest';
import { checkRules, emptyFacts, isMember, needsOf, parseField, type Segment, type SegmentRule, type UserFacts } from './segment-rules.js';

const DAY = 86_400_000;
const AT = Date.UTC(2026, 4, 20, 12);

function segment(rules: SegmentRule[], match: 'all' | 'any' = 'all'): Segment {
  return { segmentId: 's', title: 'S', match, rules, createdAt: 0, updatedAt: 0 };
}

function facts(f: Partial<UserFacts>): UserFacts {
  return { ...emptyFacts(), ...f };
}

describe('segment rules (decision 318)', () => {
  it('parses the known field shapes and nothing else', () => {
    expect(parseField('events.daily-login.30d')).toEqual({ kind: 'events', eventId: 'daily-login', days: 30 });
    expect(parseField('events.a.b.1d')).toBeNull();
    expect(parseField('balance.xp')).toEqual({ kind: 'balance', currency: 'xp' });
    expect(parseField('attributes.birthday')).toEqual({ kind: 'attribute', key: 'birthday' });
    for (const bad of ['', 'tier.x', 'balance', 'lifetime.', 'events.x.400d', 'events.x.01d', 'attributes.a b', 'Tier'])
      expect(parseField(bad), bad).toBeNull();
    expect(() => checkRules([])).toThrow();
    expect(() => checkRules(Array.from({ length: 21 }, () => ({ field: 'tier', operator: 'exists' as const })))).toThrow();
  });

  it('evaluates a missing fact as absent, groups as a set, dates as times and event counts in their window', () => {
    const none = facts({});
    expect(isMember(segment([{ field: 'tier', operator: 'exists', value: false }]), none, AT)).toBe(true);
    expect(isMember(segment([{ field: 'tier', operator: 'not_equals', value: 'gold' }]), none, AT)).toBe(false);
    expect(isMember(segment([{ field: 'daysSinceActive', operator: 'greater_than', value: 3 }]), none, AT)).toBe(false);
    expect(isMember(segment([{ field: 'balance.gems', operator: 'equals', value: 0 }]), none, AT)).toBe(true);
    const g = facts({ groups: new Set(['vip', 'eu']) });
    expect(isMember(segment([{ field: 'group', operator: 'equals', value: 'eu' }]), g, AT)).toBe(true);
    expect(isMember(segment([{ field: 'group', operator: 'in', value: ['x', 'vip'] }]), g, AT)).toBe(true);
    expect(isMember(segment([{ field: 'group', operator: 'not_equals', value: 'vip' }]), g, AT)).toBe(false);
    expect(isMember(segment([{ field: 'group', operator: 'exists', value: false }]), none, AT)).toBe(true);
    const d = facts({ attributes: { birthday: '1990-04-01', since: '2026-05-01T10:00:00Z', name: '2026-05-01' } });
    expect(isMember(segment([{ field: 'attributes.birthday', operator: 'less_than', value: '1990-04-01T00:00:01Z' }]), d, AT)).toBe(true);
    expect(isMember(segment([{ field: 'attributes.since', operator: 'greater_than', value: '2026-05-01' }]), d, AT)).toBe(true);
    expect(isMember(segment([{ field: 'attributes.name', operator: 'equals', value: '2026-05-01' }]), d, AT)).toBe(true);
    const e = facts({ eventTimes: new Map([['buy', [AT - 2 * DAY, AT - DAY, AT]]]) });
    expect(isMember(segment([{ field: 'events.buy.1d', operator: 'equals', value: 2 }]), e, AT)).toBe(true);
    expect(isMember(segment([{ field: 'events.buy.3d', operator: 'equals', value: 3 }]), e, AT)).toBe(true);
    const joined = facts({ createdAt: AT - 3 * DAY - 1, lastActiveAt: AT - DAY + 1 });
    const both = [
      { field: 'daysSinceJoined', operator: 'equals', value: 3 },
      { field: 'daysSinceActive', operator: 'equals', value: 0 },
    ] as SegmentRule[];
    expect(isMember(segment(both), joined, AT)).toBe(true);
    expect(isMember(segment([both[0]!, { field: 'tier', operator: 'exists' }], 'any'), joined, AT)).toBe(true);
    expect(isMember(segment([both[0]!, { field: 'tier', operator: 'exists' }], 'all'), joined, AT)).toBe(false);
  });

  it('names only what the rules read', () => {
    const needs = needsOf([
      segment([
        { field: 'events.buy.7d', operator: 'exists' },
        { field: 'events.buy.30d', operator: 'exists' },
        { field: 'lifetime.points', operator: 'exists' },
      ]),
    ]);
    expect(needs).toMatchObject({ tier: false, groups: false, user: false, events: new Map([['buy', 30]]) });
    expect([...needs.lifetimes]).toEqual(['points']);
  });
});
