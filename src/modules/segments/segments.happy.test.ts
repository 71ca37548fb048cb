import { beforeEach, expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { DAY, defineEvent, defineGroups, NOW } from '../events/events.test-factory.js';
import { adjust, createTier, near } from '../tiers/tiers.test-factory.js';
import { SegmentsService } from './segments.service.js';
import { countOf, defineSegment, membersOf, setAttributes } from './segments.test-factory.js';

/** Segments evaluated now (issue 28 part 2, decisions 318–319): every field kind, the walk, members(). */
describeSharedApp('segments: definitions and members now', (t) => {
  beforeEach(async () => {
    await t.setClock(NOW);
  });

  it('creates, lists, reads, replaces and deletes segments', async () => {
    const rules = [{ field: 'balance.points', operator: 'greater_than', value: 10 }];
    const created = await defineSegment(t, { segmentId: 'rich', title: 'Rich', rules });
    expect(created).toEqual({ segmentId: 'rich', title: 'Rich', match: 'all', rules, createdAt: near(NOW), updatedAt: near(NOW) });
    expect((await t.admin('GET', '/admin/segment')).json()).toEqual([created]);
    expect((await t.admin('GET', '/admin/segment/rich')).json()).toEqual(created);
    const put = await t.admin('PUT', '/admin/segment/rich', { title: 'Any', match: 'any', rules: [{ field: 'tier', operator: 'exists' }] });
    expect(put.json()).toMatchObject({ segmentId: 'rich', title: 'Any', match: 'any', rules: [{ field: 'tier', operator: 'exists' }] });
    expect((await t.admin('DELETE', '/admin/segment/rich')).statusCode).toBe(204);
    expect((await t.admin('GET', '/admin/segment/rich')).statusCode).toBe(404);
    const generated = await defineSegment(t, { rules });
    expect(generated.segmentId).toEqual(expect.any(String));
  });

  it('evaluates every kind of field on what Laurel knows of the users now', async () => {
    expect((await t.admin('POST', '/admin/currency', { currencyId: 'gems', title: { en: 'Gems' }, spendable: false })).statusCode).toBe(
      201,
    );
    await defineGroups(t, 'vip');
    await createTier(t, 'silver', 100, 1);
    await defineEvent(t, { eventId: 'buy', reward: { default: 10 }, currencyRewards: { gems: { default: 5 } } });
    for (const u of ['ann', 'bob', 'cy']) await t.createUser(u);
    const service = await t.serviceAuth();
    const buy = await t.inject({
      method: 'POST',
      url: '/event',
      headers: service,
      payload: { eventId: 'buy', userId: 'ann', metadata: { usergroup: 'vip' } },
    });
    expect(buy.statusCode, buy.body).toBe(200);
    await adjust(t, 'ann', 100);
    await setAttributes(t, 'cy', { plan: 'premium', birthday: '1990-04-01', orders: 12 });

    expect(await membersOf(t, [{ field: 'tier', operator: 'equals', value: 'silver' }])).toEqual(['ann']);
    expect(await membersOf(t, [{ field: 'tier', operator: 'exists', value: false }])).toEqual(['bob', 'cy']);
    expect(await membersOf(t, [{ field: 'group', operator: 'equals', value: 'vip' }])).toEqual(['ann']);
    expect(await membersOf(t, [{ field: 'group', operator: 'not_equals', value: 'vip' }])).toEqual(['bob', 'cy']);
    expect(await membersOf(t, [{ field: 'balance.points', operator: 'greater_than_or_equal', value: 110 }])).toEqual(['ann']);
    expect(await membersOf(t, [{ field: 'balance.points', operator: 'equals', value: 0 }])).toEqual(['bob', 'cy']);
    expect(await membersOf(t, [{ field: 'balance.gems', operator: 'equals', value: 5 }])).toEqual(['ann']);
    // Lifetime counts earnings (the adjustment is not one).
    expect(await membersOf(t, [{ field: 'lifetime.points', operator: 'equals', value: 10 }])).toEqual(['ann']);
    expect(await membersOf(t, [{ field: 'lifetime.gems', operator: 'in', value: [5, 6] }])).toEqual(['ann']);
    expect(await membersOf(t, [{ field: 'events.buy.7d', operator: 'greater_than_or_equal', value: 1 }])).toEqual(['ann']);
    expect(await membersOf(t, [{ field: 'attributes.plan', operator: 'equals', value: 'premium' }])).toEqual(['cy']);
    expect(await membersOf(t, [{ field: 'attributes.orders', operator: 'greater_than', value: 10 }])).toEqual(['cy']);
    // A date attribute is compared as a time when the rule's value is a date.
    expect(await membersOf(t, [{ field: 'attributes.birthday', operator: 'less_than', value: '2000-01-01' }])).toEqual(['cy']);
    expect(await membersOf(t, [{ field: 'attributes.birthday', operator: 'greater_than', value: '1990-04-01T12:00:00Z' }])).toEqual([]);
    expect(await membersOf(t, [{ field: 'attributes.plan', operator: 'exists', value: false }])).toEqual(['ann', 'bob']);

    await t.setClock(NOW + 3 * DAY + DAY / 2);
    expect(await countOf(t, [{ field: 'daysSinceJoined', operator: 'equals', value: 3 }])).toBe(3);
    expect(await membersOf(t, [{ field: 'daysSinceActive', operator: 'greater_than_or_equal', value: 3 }])).toEqual(['ann']);
    expect(await membersOf(t, [{ field: 'daysSinceActive', operator: 'exists', value: false }])).toEqual(['bob', 'cy']);
    expect(await countOf(t, [{ field: 'events.buy.2d', operator: 'greater_than_or_equal', value: 1 }])).toBe(0);
    // match any / all
    const either = [
      { field: 'attributes.plan', operator: 'equals', value: 'premium' },
      { field: 'group', operator: 'in', value: ['vip', 'other'] },
    ];
    expect(await membersOf(t, either, 'any')).toEqual(['ann', 'cy']);
    expect(await membersOf(t, either, 'all')).toEqual([]);
  });

  it('pages the members by userId, and members() answers for a given list (unknown users are in no segment)', async () => {
    for (const u of ['u1', 'u2', 'u3', 'u4', 'u5']) await t.createUser(u);
    for (const u of ['u2', 'u4', 'u5']) await setAttributes(t, u, { plan: 'premium' });
    await defineSegment(t, { segmentId: 'premium', rules: [{ field: 'attributes.plan', operator: 'equals', value: 'premium' }] });
    const first = (await t.admin('GET', '/admin/segment/premium/users?limit=2')).json();
    expect(first).toEqual({ segmentId: 'premium', userIds: ['u2', 'u4'], nextCursor: expect.any(String) });
    const second = (await t.admin('GET', `/admin/segment/premium/users?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second).toEqual({ segmentId: 'premium', userIds: ['u5'], nextCursor: null });
    expect((await t.admin('GET', '/admin/segment/premium/count')).json()).toEqual({ segmentId: 'premium', count: 3 });
    const members = await t.app.services.segments.members(t.projectId, 'premium', ['u1', 'u2', 'u5', 'nobody']);
    expect([...members].sort()).toEqual(['u2', 'u5']);
    // The same walk over pages of 2 users: members found across pages, a page that ends mid-walk.
    const users = t.app.services.users;
    const small = new SegmentsService(t.app.platform, { liveUsersAfter: (p, after, n) => users.liveIdsAfter(p, after, n) }, 2);
    expect(await small.count(t.projectId, 'premium')).toEqual({ segmentId: 'premium', count: 3 });
    const page1 = await small.users(t.projectId, 'premium', { limit: 2 });
    expect(page1.userIds).toEqual(['u2', 'u4']);
    expect(await small.users(t.projectId, 'premium', { limit: 2, cursor: page1.nextCursor! })).toEqual({
      segmentId: 'premium',
      userIds: ['u5'],
      nextCursor: null,
    });
    expect((await small.users(t.projectId, 'premium', { limit: 5 })).userIds).toEqual(['u2', 'u4', 'u5']);
    expect([...(await small.members(t.projectId, 'premium', ['u5', 'u4', 'u3', 'u2', 'u1']))].sort()).toEqual(['u2', 'u4', 'u5']);
  });
});
